CREATE TABLE "action_marks" (
	"user_id" integer NOT NULL,
	"action" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "action_marks" ADD CONSTRAINT "action_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "action_marks_user_idx" ON "action_marks" USING btree ("user_id","action","at");--> statement-breakpoint
CREATE INDEX "comments_user_recent_idx" ON "comments" USING btree ("user_id","created_at");--> statement-breakpoint
-- Added by hand: before the unique index, keep only the newest like or follow message of each
-- (user, kind, actor, post); earlier like and follow toggles could have made several.
DELETE FROM "notifications" AS "older" USING "notifications" AS "newer" WHERE "older"."kind" in ('like', 'follow') AND "newer"."kind" = "older"."kind" AND "newer"."user_id" = "older"."user_id" AND "newer"."actor_id" = "older"."actor_id" AND coalesce("newer"."post_id", 0) = coalesce("older"."post_id", 0) AND "newer"."id" > "older"."id";--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_once_key" ON "notifications" USING btree ("user_id","kind","actor_id",coalesce("post_id", 0)) WHERE "notifications"."kind" in ('like', 'follow');--> statement-breakpoint
CREATE INDEX "notifications_post_idx" ON "notifications" USING btree ("post_id") WHERE "notifications"."post_id" is not null;--> statement-breakpoint
CREATE INDEX "notifications_comment_idx" ON "notifications" USING btree ("comment_id") WHERE "notifications"."comment_id" is not null;--> statement-breakpoint
CREATE INDEX "posts_user_recent_idx" ON "posts" USING btree ("user_id","created_at");