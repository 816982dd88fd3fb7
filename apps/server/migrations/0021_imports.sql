CREATE TABLE "import_members" (
	"import_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"row" integer NOT NULL,
	"savings_fils" bigint NOT NULL,
	"invited_at" timestamp with time zone,
	"invitation_claimed_at" timestamp with time zone,
	CONSTRAINT "import_members_import_id_user_id_pk" PRIMARY KEY("import_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"file_sha256" text NOT NULL,
	"file_data" "bytea" NOT NULL,
	"as_of" date NOT NULL,
	"opening_cash_fils" bigint NOT NULL,
	"figures" jsonb NOT NULL,
	"proposed_by" integer NOT NULL,
	"proposed_at" timestamp with time zone NOT NULL,
	"proposal_id" integer,
	"confirmed_by" integer,
	"applied_at" timestamp with time zone,
	"entry_id" bigint
);
--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "opening_interest_paid_fils" bigint;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "carried_over" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "import_members" ADD CONSTRAINT "import_members_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_members" ADD CONSTRAINT "import_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_proposal_id_fund_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."fund_proposals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_members_to_invite_idx" ON "import_members" USING btree ("import_id") WHERE "import_members"."invited_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "imports_file_applied_once" ON "imports" USING btree ("file_sha256") WHERE "imports"."applied_at" is not null;