CREATE TABLE "handover_links" (
	"token_id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"import_id" integer,
	"sealed" text NOT NULL,
	"proposed_by" integer NOT NULL,
	"confirmed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "handover_links" ADD CONSTRAINT "handover_links_token_id_password_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."password_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_links" ADD CONSTRAINT "handover_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_links" ADD CONSTRAINT "handover_links_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_links" ADD CONSTRAINT "handover_links_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "handover_links_user_idx" ON "handover_links" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "handover_links_import_idx" ON "handover_links" USING btree ("import_id");