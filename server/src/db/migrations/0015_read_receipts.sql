CREATE TABLE "chat_message_receipts" (
	"message_id" integer NOT NULL,
	"reader_id" integer NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_message_receipts_message_id_reader_id_pk" PRIMARY KEY("message_id","reader_id")
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "need_read_receipt" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_message_receipts" ADD CONSTRAINT "chat_message_receipts_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message_receipts" ADD CONSTRAINT "chat_message_receipts_reader_id_users_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;