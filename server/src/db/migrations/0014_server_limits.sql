ALTER TABLE "chat_messages" ADD COLUMN "sent_bytes" integer;--> statement-breakpoint
CREATE INDEX "chat_messages_sender_created_idx" ON "chat_messages" USING btree ("sender_id","created_at");