CREATE TABLE "video_album_tag_links" (
	"album_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "video_album_tag_links_album_id_tag_id_pk" PRIMARY KEY("album_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "video_album_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_albums" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer,
	"title" text NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"channel_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_comment_likes" (
	"comment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "video_comment_likes_comment_id_user_id_pk" PRIMARY KEY("comment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "video_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"video_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"parent_id" integer,
	"reply_to_user_id" integer,
	"content" text NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_likes" (
	"video_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "video_likes_video_id_user_id_pk" PRIMARY KEY("video_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "video_view_marks" (
	"video_id" integer NOT NULL,
	"viewer" text NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "video_view_marks_video_id_viewer_kind_pk" PRIMARY KEY("video_id","viewer","kind")
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"duration_ms" integer NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"seed_asset" text,
	"file_size" integer NOT NULL,
	"mime" text NOT NULL,
	"width" integer DEFAULT 0 NOT NULL,
	"height" integer DEFAULT 0 NOT NULL,
	"channel_id" integer NOT NULL,
	"album_id" integer,
	"album_sort" integer DEFAULT 0 NOT NULL,
	"book_id" integer,
	"play_count" integer DEFAULT 0 NOT NULL,
	"share_count" integer DEFAULT 0 NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"review_state" text DEFAULT 'pending' NOT NULL,
	"review_reason" text DEFAULT '' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "notifications_once_key";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "video_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "video_comment_id" integer;--> statement-breakpoint
ALTER TABLE "video_album_tag_links" ADD CONSTRAINT "video_album_tag_links_album_id_video_albums_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."video_albums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_album_tag_links" ADD CONSTRAINT "video_album_tag_links_tag_id_video_album_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."video_album_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_albums" ADD CONSTRAINT "video_albums_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_albums" ADD CONSTRAINT "video_albums_channel_id_video_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."video_channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_comment_likes" ADD CONSTRAINT "video_comment_likes_comment_id_video_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."video_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_comment_likes" ADD CONSTRAINT "video_comment_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_comments" ADD CONSTRAINT "video_comments_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_comments" ADD CONSTRAINT "video_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_comments" ADD CONSTRAINT "video_comments_parent_id_video_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."video_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_comments" ADD CONSTRAINT "video_comments_reply_to_user_id_users_id_fk" FOREIGN KEY ("reply_to_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_likes" ADD CONSTRAINT "video_likes_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_likes" ADD CONSTRAINT "video_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_view_marks" ADD CONSTRAINT "video_view_marks_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_channel_id_video_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."video_channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_album_id_video_albums_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."video_albums"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_album_tag_links_tag_idx" ON "video_album_tag_links" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "video_albums_owner_idx" ON "video_albums" USING btree ("owner_id","id");--> statement-breakpoint
CREATE INDEX "video_albums_recent_idx" ON "video_albums" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "video_comment_likes_user_idx" ON "video_comment_likes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "video_comments_video_idx" ON "video_comments" USING btree ("video_id","parent_id","id");--> statement-breakpoint
CREATE INDEX "video_comments_parent_idx" ON "video_comments" USING btree ("parent_id","id");--> statement-breakpoint
CREATE INDEX "video_comments_user_recent_idx" ON "video_comments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "video_likes_user_idx" ON "video_likes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "videos_channel_idx" ON "videos" USING btree ("review_state","channel_id","created_at","id");--> statement-breakpoint
CREATE INDEX "videos_public_idx" ON "videos" USING btree ("review_state","created_at","id");--> statement-breakpoint
CREATE INDEX "videos_played_idx" ON "videos" USING btree ("review_state","play_count","id");--> statement-breakpoint
CREATE INDEX "videos_owner_idx" ON "videos" USING btree ("owner_id","id");--> statement-breakpoint
CREATE INDEX "videos_owner_recent_idx" ON "videos" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "videos_album_idx" ON "videos" USING btree ("album_id","album_sort","id");--> statement-breakpoint
CREATE INDEX "videos_book_idx" ON "videos" USING btree ("book_id","created_at") WHERE "videos"."book_id" is not null;--> statement-breakpoint
CREATE INDEX "notifications_video_idx" ON "notifications" USING btree ("video_id") WHERE "notifications"."video_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_once_key" ON "notifications" USING btree ("user_id","kind","actor_id",coalesce("post_id", 0),coalesce("video_id", 0),coalesce("video_comment_id", 0)) WHERE "notifications"."kind" in ('like', 'follow');