CREATE TABLE "book_gifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"giver_id" integer NOT NULL,
	"receiver_id" integer NOT NULL,
	"copy_id" integer NOT NULL,
	"book_id" integer NOT NULL,
	"batch" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"message_id" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "book_gifts_state_check" CHECK ("book_gifts"."state" in (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "doc_gifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"giver_id" integer NOT NULL,
	"receiver_id" integer NOT NULL,
	"kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"name" text NOT NULL,
	"thumb" text DEFAULT '' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"message_id" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "doc_gifts_state_check" CHECK ("doc_gifts"."state" in (0, 1, 2))
);
--> statement-breakpoint
ALTER TABLE "book_gifts" ADD CONSTRAINT "book_gifts_giver_id_users_id_fk" FOREIGN KEY ("giver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_gifts" ADD CONSTRAINT "book_gifts_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_gifts" ADD CONSTRAINT "book_gifts_copy_id_book_copies_id_fk" FOREIGN KEY ("copy_id") REFERENCES "public"."book_copies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_gifts" ADD CONSTRAINT "book_gifts_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doc_gifts" ADD CONSTRAINT "doc_gifts_giver_id_users_id_fk" FOREIGN KEY ("giver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doc_gifts" ADD CONSTRAINT "doc_gifts_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "book_gifts_giver_idx" ON "book_gifts" USING btree ("giver_id","id");--> statement-breakpoint
CREATE INDEX "book_gifts_receiver_idx" ON "book_gifts" USING btree ("receiver_id","id");--> statement-breakpoint
CREATE INDEX "book_gifts_batch_idx" ON "book_gifts" USING btree ("batch");--> statement-breakpoint
CREATE UNIQUE INDEX "book_gifts_waiting_copy_key" ON "book_gifts" USING btree ("copy_id") WHERE "book_gifts"."state" = 0;--> statement-breakpoint
CREATE INDEX "doc_gifts_giver_idx" ON "doc_gifts" USING btree ("giver_id","id");--> statement-breakpoint
CREATE INDEX "doc_gifts_receiver_idx" ON "doc_gifts" USING btree ("receiver_id","id");--> statement-breakpoint
ALTER TABLE "book_copies" ADD CONSTRAINT "book_copies_state_check" CHECK ("book_copies"."state" in ('owned', 'held'));