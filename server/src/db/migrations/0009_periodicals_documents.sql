CREATE TABLE "item_collections" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "item_collections_user_id_kind_item_id_pk" PRIMARY KEY("user_id","kind","item_id")
);
--> statement-breakpoint
CREATE TABLE "document_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_views" (
	"document_id" integer NOT NULL,
	"viewer" text NOT NULL,
	"viewed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "document_views_document_id_viewer_pk" PRIMARY KEY("document_id","viewer")
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer,
	"category_id" integer NOT NULL,
	"title" text NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"file_name" text NOT NULL,
	"file_type" text NOT NULL,
	"file_size" integer NOT NULL,
	"page_count" integer DEFAULT 0 NOT NULL,
	"thumb" text DEFAULT '' NOT NULL,
	"read_count" integer DEFAULT 0 NOT NULL,
	"contributed" boolean DEFAULT false NOT NULL,
	"submitted_at" timestamp with time zone,
	"review_state" text DEFAULT 'pending' NOT NULL,
	"review_reason" text DEFAULT '' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "magazine_article_reads" (
	"user_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"issue_id" integer NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "magazine_article_reads_user_id_article_id_pk" PRIMARY KEY("user_id","article_id")
);
--> statement-breakpoint
CREATE TABLE "magazine_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"issue_id" integer NOT NULL,
	"serial" integer NOT NULL,
	"title" text NOT NULL,
	"author" text DEFAULT '' NOT NULL,
	"paragraphs" jsonb NOT NULL,
	"images" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "magazine_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "magazine_issues" (
	"id" serial PRIMARY KEY NOT NULL,
	"magazine_id" integer NOT NULL,
	"serial" integer NOT NULL,
	"title" text NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"owner_id" integer,
	"review_state" text DEFAULT 'pending' NOT NULL,
	"review_reason" text DEFAULT '' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "magazine_reading" (
	"user_id" integer NOT NULL,
	"issue_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"paragraph" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "magazine_reading_user_id_issue_id_pk" PRIMARY KEY("user_id","issue_id")
);
--> statement-breakpoint
CREATE TABLE "magazines" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"name" text NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"owner_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newspaper_article_reads" (
	"user_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"edition_id" integer NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "newspaper_article_reads_user_id_article_id_pk" PRIMARY KEY("user_id","article_id")
);
--> statement-breakpoint
CREATE TABLE "newspaper_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"edition_id" integer NOT NULL,
	"page_id" integer NOT NULL,
	"serial" integer NOT NULL,
	"title" text NOT NULL,
	"author" text DEFAULT '' NOT NULL,
	"paragraphs" jsonb NOT NULL,
	"images" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newspaper_editions" (
	"id" serial PRIMARY KEY NOT NULL,
	"newspaper_id" integer NOT NULL,
	"date" text NOT NULL,
	"title" text NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"owner_id" integer,
	"review_state" text DEFAULT 'pending' NOT NULL,
	"review_reason" text DEFAULT '' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newspaper_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"edition_id" integer NOT NULL,
	"serial" integer NOT NULL,
	"name" text NOT NULL,
	"image" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newspaper_reading" (
	"user_id" integer NOT NULL,
	"edition_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"paragraph" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "newspaper_reading_user_id_edition_id_pk" PRIMARY KEY("user_id","edition_id")
);
--> statement-breakpoint
CREATE TABLE "newspapers" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"name" text NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"owner_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "press_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'reader' NOT NULL;--> statement-breakpoint
ALTER TABLE "reading_durations" ADD COLUMN "source" text DEFAULT 'book' NOT NULL;--> statement-breakpoint
-- Existing rows are books: their item is the book.
ALTER TABLE "reading_durations" ADD COLUMN "item_id" integer;--> statement-breakpoint
UPDATE "reading_durations" SET "item_id" = "book_id";--> statement-breakpoint
ALTER TABLE "reading_durations" ALTER COLUMN "item_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "reading_durations" DROP CONSTRAINT "reading_durations_user_id_day_book_id_pk";--> statement-breakpoint
ALTER TABLE "reading_durations" ALTER COLUMN "book_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "reading_durations" ADD CONSTRAINT "reading_durations_user_id_day_source_item_id_pk" PRIMARY KEY("user_id","day","source","item_id");--> statement-breakpoint
ALTER TABLE "item_collections" ADD CONSTRAINT "item_collections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_views" ADD CONSTRAINT "document_views_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_category_id_document_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."document_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "magazine_article_reads" ADD CONSTRAINT "magazine_article_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "magazine_article_reads" ADD CONSTRAINT "magazine_article_reads_article_id_magazine_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."magazine_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "magazine_article_reads" ADD CONSTRAINT "magazine_article_reads_issue_id_magazine_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."magazine_issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "magazine_articles" ADD CONSTRAINT "magazine_articles_issue_id_magazine_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."magazine_issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "magazine_issues" ADD CONSTRAINT "magazine_issues_magazine_id_magazines_id_fk" FOREIGN KEY ("magazine_id") REFERENCES "public"."magazines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "magazine_issues" ADD CONSTRAINT "magazine_issues_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "magazine_issues" ADD CONSTRAINT "magazine_issues_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "magazine_reading" ADD CONSTRAINT "magazine_reading_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "magazine_reading" ADD CONSTRAINT "magazine_reading_issue_id_magazine_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."magazine_issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "magazine_reading" ADD CONSTRAINT "magazine_reading_article_id_magazine_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."magazine_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "magazines" ADD CONSTRAINT "magazines_category_id_magazine_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."magazine_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "magazines" ADD CONSTRAINT "magazines_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newspaper_article_reads" ADD CONSTRAINT "newspaper_article_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newspaper_article_reads" ADD CONSTRAINT "newspaper_article_reads_article_id_newspaper_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."newspaper_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newspaper_article_reads" ADD CONSTRAINT "newspaper_article_reads_edition_id_newspaper_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."newspaper_editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newspaper_articles" ADD CONSTRAINT "newspaper_articles_edition_id_newspaper_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."newspaper_editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newspaper_articles" ADD CONSTRAINT "newspaper_articles_page_id_newspaper_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."newspaper_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newspaper_editions" ADD CONSTRAINT "newspaper_editions_newspaper_id_newspapers_id_fk" FOREIGN KEY ("newspaper_id") REFERENCES "public"."newspapers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newspaper_editions" ADD CONSTRAINT "newspaper_editions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newspaper_editions" ADD CONSTRAINT "newspaper_editions_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newspaper_pages" ADD CONSTRAINT "newspaper_pages_edition_id_newspaper_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."newspaper_editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newspaper_reading" ADD CONSTRAINT "newspaper_reading_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newspaper_reading" ADD CONSTRAINT "newspaper_reading_edition_id_newspaper_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."newspaper_editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newspaper_reading" ADD CONSTRAINT "newspaper_reading_article_id_newspaper_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."newspaper_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newspapers" ADD CONSTRAINT "newspapers_category_id_press_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."press_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newspapers" ADD CONSTRAINT "newspapers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_collections_list_idx" ON "item_collections" USING btree ("user_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "item_collections_item_idx" ON "item_collections" USING btree ("kind","item_id");--> statement-breakpoint
CREATE INDEX "documents_library_idx" ON "documents" USING btree ("review_state","category_id","id");--> statement-breakpoint
CREATE INDEX "documents_owner_idx" ON "documents" USING btree ("owner_id","id");--> statement-breakpoint
CREATE INDEX "magazine_article_reads_issue_idx" ON "magazine_article_reads" USING btree ("user_id","issue_id");--> statement-breakpoint
CREATE UNIQUE INDEX "magazine_articles_serial_key" ON "magazine_articles" USING btree ("issue_id","serial");--> statement-breakpoint
CREATE UNIQUE INDEX "magazine_issues_serial_key" ON "magazine_issues" USING btree ("magazine_id","serial");--> statement-breakpoint
CREATE INDEX "magazine_issues_review_idx" ON "magazine_issues" USING btree ("review_state","id");--> statement-breakpoint
CREATE INDEX "magazine_reading_recent_idx" ON "magazine_reading" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "magazines_category_idx" ON "magazines" USING btree ("category_id","id");--> statement-breakpoint
CREATE INDEX "magazines_owner_idx" ON "magazines" USING btree ("owner_id","id");--> statement-breakpoint
CREATE INDEX "newspaper_article_reads_edition_idx" ON "newspaper_article_reads" USING btree ("user_id","edition_id");--> statement-breakpoint
CREATE UNIQUE INDEX "newspaper_articles_serial_key" ON "newspaper_articles" USING btree ("edition_id","serial");--> statement-breakpoint
CREATE INDEX "newspaper_articles_page_idx" ON "newspaper_articles" USING btree ("page_id");--> statement-breakpoint
CREATE UNIQUE INDEX "newspaper_editions_date_key" ON "newspaper_editions" USING btree ("newspaper_id","date");--> statement-breakpoint
CREATE INDEX "newspaper_editions_review_idx" ON "newspaper_editions" USING btree ("review_state","id");--> statement-breakpoint
CREATE UNIQUE INDEX "newspaper_pages_serial_key" ON "newspaper_pages" USING btree ("edition_id","serial");--> statement-breakpoint
CREATE INDEX "newspaper_reading_recent_idx" ON "newspaper_reading" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "newspapers_category_idx" ON "newspapers" USING btree ("category_id","id");--> statement-breakpoint
CREATE INDEX "newspapers_owner_idx" ON "newspapers" USING btree ("owner_id","id");