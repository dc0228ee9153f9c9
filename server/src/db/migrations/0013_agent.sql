CREATE TABLE "agent_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"real_name" text NOT NULL,
	"phone" text NOT NULL,
	"region" text NOT NULL,
	"reason" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reject_reason" text DEFAULT '' NOT NULL,
	"reviewer_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "agent_commissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"agent_user_id" integer NOT NULL,
	"member_user_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"order_amount_fen" integer NOT NULL,
	"rate_bp" integer NOT NULL,
	"amount_fen" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"settle_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "agent_commissions_amount_check" CHECK ("agent_commissions"."amount_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "agent_coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"agent_user_id" integer NOT NULL,
	"value_fen" integer NOT NULL,
	"min_order_fen" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'unissued' NOT NULL,
	"holder_user_id" integer,
	"order_id" integer,
	"allocated_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"given_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	CONSTRAINT "agent_coupons_value_check" CHECK ("agent_coupons"."value_fen" > 0 and "agent_coupons"."min_order_fen" > "agent_coupons"."value_fen")
);
--> statement-breakpoint
CREATE TABLE "agent_notice_reads" (
	"notice_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "agent_notice_reads_notice_id_user_id_pk" PRIMARY KEY("notice_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "agent_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"agent_user_id" integer,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"operator_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"agent_user_id" integer NOT NULL,
	"amount_fen" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"card_holder" text NOT NULL,
	"card_bank" text NOT NULL,
	"card_no" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"operator_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "agent_withdrawals_amount_check" CHECK ("agent_withdrawals"."amount_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "agents" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"real_name" text NOT NULL,
	"phone" text NOT NULL,
	"region" text NOT NULL,
	"rate_bp" integer NOT NULL,
	"card_holder" text,
	"card_bank" text,
	"card_no" text,
	"card_updated_at" timestamp with time zone,
	"poster_key" text,
	"poster_path" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "agents_rate_check" CHECK ("agents"."rate_bp" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "spid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_fen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agent_applications" ADD CONSTRAINT "agent_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_applications" ADD CONSTRAINT "agent_applications_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_commissions" ADD CONSTRAINT "agent_commissions_agent_user_id_users_id_fk" FOREIGN KEY ("agent_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_commissions" ADD CONSTRAINT "agent_commissions_member_user_id_users_id_fk" FOREIGN KEY ("member_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_commissions" ADD CONSTRAINT "agent_commissions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_coupons" ADD CONSTRAINT "agent_coupons_agent_user_id_users_id_fk" FOREIGN KEY ("agent_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_coupons" ADD CONSTRAINT "agent_coupons_holder_user_id_users_id_fk" FOREIGN KEY ("holder_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_coupons" ADD CONSTRAINT "agent_coupons_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_coupons" ADD CONSTRAINT "agent_coupons_allocated_by_users_id_fk" FOREIGN KEY ("allocated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_notice_reads" ADD CONSTRAINT "agent_notice_reads_notice_id_agent_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."agent_notices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_notice_reads" ADD CONSTRAINT "agent_notice_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_notices" ADD CONSTRAINT "agent_notices_agent_user_id_users_id_fk" FOREIGN KEY ("agent_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_notices" ADD CONSTRAINT "agent_notices_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_withdrawals" ADD CONSTRAINT "agent_withdrawals_agent_user_id_users_id_fk" FOREIGN KEY ("agent_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_withdrawals" ADD CONSTRAINT "agent_withdrawals_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_application_id_agent_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."agent_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_applications_one_pending_key" ON "agent_applications" USING btree ("user_id") WHERE "agent_applications"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "agent_applications_user_idx" ON "agent_applications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "agent_applications_state_idx" ON "agent_applications" USING btree ("state","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_commissions_order_key" ON "agent_commissions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "agent_commissions_agent_idx" ON "agent_commissions" USING btree ("agent_user_id","created_at");--> statement-breakpoint
CREATE INDEX "agent_commissions_member_idx" ON "agent_commissions" USING btree ("agent_user_id","member_user_id");--> statement-breakpoint
CREATE INDEX "agent_commissions_due_idx" ON "agent_commissions" USING btree ("settle_at") WHERE "agent_commissions"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "agent_coupons_agent_idx" ON "agent_coupons" USING btree ("agent_user_id","state","created_at");--> statement-breakpoint
CREATE INDEX "agent_coupons_holder_idx" ON "agent_coupons" USING btree ("holder_user_id","state");--> statement-breakpoint
CREATE INDEX "agent_notices_to_idx" ON "agent_notices" USING btree ("agent_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_withdrawals_one_pending_key" ON "agent_withdrawals" USING btree ("agent_user_id") WHERE "agent_withdrawals"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "agent_withdrawals_agent_idx" ON "agent_withdrawals" USING btree ("agent_user_id","created_at");--> statement-breakpoint
CREATE INDEX "agent_withdrawals_state_idx" ON "agent_withdrawals" USING btree ("state","created_at");