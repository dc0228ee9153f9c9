ALTER TABLE "login_tickets" ADD COLUMN "source" text DEFAULT 'weapp' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mp_openid" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_mp_openid_key" ON "users" USING btree ("mp_openid");--> statement-breakpoint
CREATE UNIQUE INDEX "users_unionid_key" ON "users" USING btree ("unionid");