CREATE TABLE "file_contents" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"data" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "file_contents" ADD CONSTRAINT "file_contents_storage_key_files_storage_key_fk" FOREIGN KEY ("storage_key") REFERENCES "public"."files"("storage_key") ON DELETE cascade ON UPDATE no action;