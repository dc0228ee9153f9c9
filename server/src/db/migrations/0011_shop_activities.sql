CREATE TABLE "activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"rules" text DEFAULT '' NOT NULL,
	"apply_start" timestamp with time zone NOT NULL,
	"apply_end" timestamp with time zone NOT NULL,
	"vote_start" timestamp with time zone NOT NULL,
	"vote_end" timestamp with time zone NOT NULL,
	"votes_per_day" integer NOT NULL,
	"entry_image_max" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "activities_votes_per_day_check" CHECK ("activities"."votes_per_day" between 1 and 50),
	CONSTRAINT "activities_entry_image_max_check" CHECK ("activities"."entry_image_max" between 0 and 9),
	CONSTRAINT "activities_windows_check" CHECK ("activities"."apply_start" < "activities"."apply_end" and "activities"."vote_start" < "activities"."vote_end" and "activities"."apply_start" <= "activities"."vote_start" and "activities"."apply_end" <= "activities"."vote_end")
);
--> statement-breakpoint
CREATE TABLE "activity_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"votes" integer DEFAULT 0 NOT NULL,
	"shares" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "activity_entries_votes_check" CHECK ("activity_entries"."votes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "activity_share_marks" (
	"entry_id" integer NOT NULL,
	"viewer" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "activity_share_marks_entry_id_viewer_pk" PRIMARY KEY("entry_id","viewer")
);
--> statement-breakpoint
CREATE TABLE "activity_signs" (
	"activity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"day" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "activity_signs_activity_id_user_id_day_pk" PRIMARY KEY("activity_id","user_id","day")
);
--> statement-breakpoint
CREATE TABLE "activity_votes" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"entry_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"day" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "book_copies" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_user_id" integer NOT NULL,
	"book_id" integer NOT NULL,
	"order_id" integer,
	"redemption_id" integer,
	"state" text DEFAULT 'owned' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"price_fen" integer NOT NULL,
	"quantity" integer NOT NULL,
	"amount_fen" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"source" text DEFAULT 'buy' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"transaction_id" text,
	"prepay_id" text,
	"pay_app_id" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "orders_quantity_check" CHECK ("orders"."quantity" between 1 and 5),
	CONSTRAINT "orders_amount_check" CHECK ("orders"."amount_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"book_id" integer,
	"name" text NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_fen" integer NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"hot" boolean DEFAULT false NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"on_sale" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "products_stock_check" CHECK ("products"."stock" >= 0),
	CONSTRAINT "products_price_check" CHECK ("products"."price_fen" >= 0),
	CONSTRAINT "products_sales_check" CHECK ("products"."sales" >= 0),
	CONSTRAINT "products_book_check" CHECK ("products"."kind" <> 'book' or "products"."book_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "redeem_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"book_id" integer,
	"product_id" integer,
	"batch" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"redeemed_by" integer,
	"redeemed_at" timestamp with time zone,
	CONSTRAINT "redeem_codes_target_check" CHECK (("redeem_codes"."kind" = 'book' and "redeem_codes"."book_id" is not null) or ("redeem_codes"."kind" = 'product' and "redeem_codes"."product_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "redeem_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"address" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code_id" integer NOT NULL,
	"kind" text NOT NULL,
	"book_id" integer,
	"product_id" integer,
	"order_id" integer,
	"name" text NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_entries" ADD CONSTRAINT "activity_entries_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_entries" ADD CONSTRAINT "activity_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_share_marks" ADD CONSTRAINT "activity_share_marks_entry_id_activity_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."activity_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_signs" ADD CONSTRAINT "activity_signs_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_signs" ADD CONSTRAINT "activity_signs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_votes" ADD CONSTRAINT "activity_votes_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_votes" ADD CONSTRAINT "activity_votes_entry_id_activity_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."activity_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_votes" ADD CONSTRAINT "activity_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_copies" ADD CONSTRAINT "book_copies_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_copies" ADD CONSTRAINT "book_copies_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_copies" ADD CONSTRAINT "book_copies_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_copies" ADD CONSTRAINT "book_copies_redemption_id_redemptions_id_fk" FOREIGN KEY ("redemption_id") REFERENCES "public"."redemptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeem_codes" ADD CONSTRAINT "redeem_codes_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeem_codes" ADD CONSTRAINT "redeem_codes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeem_codes" ADD CONSTRAINT "redeem_codes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeem_codes" ADD CONSTRAINT "redeem_codes_redeemed_by_users_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeem_failures" ADD CONSTRAINT "redeem_failures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_code_id_redeem_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."redeem_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_vote_end_idx" ON "activities" USING btree ("vote_end","id");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_entries_activity_user_key" ON "activity_entries" USING btree ("activity_id","user_id");--> statement-breakpoint
CREATE INDEX "activity_entries_votes_idx" ON "activity_entries" USING btree ("activity_id","votes","created_at","id");--> statement-breakpoint
CREATE INDEX "activity_entries_new_idx" ON "activity_entries" USING btree ("activity_id","created_at","id");--> statement-breakpoint
CREATE INDEX "activity_entries_user_idx" ON "activity_entries" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_votes_entry_user_day_key" ON "activity_votes" USING btree ("entry_id","user_id","day");--> statement-breakpoint
CREATE INDEX "activity_votes_user_day_idx" ON "activity_votes" USING btree ("activity_id","user_id","day");--> statement-breakpoint
CREATE INDEX "book_copies_owner_idx" ON "book_copies" USING btree ("owner_user_id","id");--> statement-breakpoint
CREATE INDEX "book_copies_order_idx" ON "book_copies" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_no_key" ON "orders" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_transaction_id_key" ON "orders" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "orders_user_state_idx" ON "orders" USING btree ("user_id","state","created_at");--> statement-breakpoint
CREATE INDEX "orders_pending_expiry_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "orders_prepay_idx" ON "orders" USING btree ("prepay_id");--> statement-breakpoint
CREATE INDEX "products_listing_idx" ON "products" USING btree ("on_sale","sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "redeem_codes_code_key" ON "redeem_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "redeem_failures_user_idx" ON "redeem_failures" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "redeem_failures_address_idx" ON "redeem_failures" USING btree ("address","at");--> statement-breakpoint
CREATE UNIQUE INDEX "redemptions_code_key" ON "redemptions" USING btree ("code_id");--> statement-breakpoint
CREATE INDEX "redemptions_user_idx" ON "redemptions" USING btree ("user_id","id");