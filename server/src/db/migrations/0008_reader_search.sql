CREATE TABLE "bookmarks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"book_id" integer NOT NULL,
	"serial" integer NOT NULL,
	"paragraph" integer NOT NULL,
	"excerpt" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "highlights" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"book_id" integer NOT NULL,
	"serial" integer NOT NULL,
	"paragraph" integer NOT NULL,
	"start" integer NOT NULL,
	"end" integer NOT NULL,
	"colour" text NOT NULL,
	"quote" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"post_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "book_search_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"book_id" integer NOT NULL,
	"chapter_id" integer,
	"serial" integer NOT NULL,
	"paragraph" integer NOT NULL,
	"norm" text NOT NULL,
	"grams" text[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "highlights" ADD CONSTRAINT "highlights_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "highlights" ADD CONSTRAINT "highlights_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_search_rows" ADD CONSTRAINT "book_search_rows_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_search_rows" ADD CONSTRAINT "book_search_rows_chapter_id_book_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."book_chapters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bookmarks_place_key" ON "bookmarks" USING btree ("user_id","book_id","serial","paragraph");--> statement-breakpoint
CREATE INDEX "bookmarks_user_idx" ON "bookmarks" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "highlights_user_book_idx" ON "highlights" USING btree ("user_id","book_id","serial","paragraph");--> statement-breakpoint
CREATE INDEX "highlights_user_recent_idx" ON "highlights" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "book_search_rows_grams_idx" ON "book_search_rows" USING gin ("grams");--> statement-breakpoint
CREATE INDEX "book_search_rows_book_idx" ON "book_search_rows" USING btree ("book_id","serial","paragraph");