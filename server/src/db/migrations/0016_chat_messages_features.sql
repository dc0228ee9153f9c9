CREATE TABLE "chat_merged_messages" (
	"download_key" text PRIMARY KEY NOT NULL,
	"creator_id" integer NOT NULL,
	"message_list" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_message_reactions" (
	"message_id" integer NOT NULL,
	"reaction_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_message_reactions_message_id_reaction_id_user_id_pk" PRIMARY KEY("message_id","reaction_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "has_risk_content" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_merged_messages" ADD CONSTRAINT "chat_merged_messages_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message_reactions" ADD CONSTRAINT "chat_message_reactions_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message_reactions" ADD CONSTRAINT "chat_message_reactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;