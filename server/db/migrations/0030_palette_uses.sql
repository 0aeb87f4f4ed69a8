CREATE TABLE "palette_uses" (
	"staff_id" integer NOT NULL,
	"key" text NOT NULL,
	"weight" double precision NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"label" jsonb,
	CONSTRAINT "palette_uses_staff_id_key_pk" PRIMARY KEY("staff_id","key")
);
--> statement-breakpoint
ALTER TABLE "palette_uses" ADD CONSTRAINT "palette_uses_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "palette_uses_staff_used" ON "palette_uses" USING btree ("staff_id","used_at");