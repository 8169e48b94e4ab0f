DROP INDEX "supervision_signal_tenant_detected_idx";--> statement-breakpoint
DROP INDEX "supervision_signal_tenant_occurred_idx";--> statement-breakpoint
CREATE INDEX "supervision_signal_tenant_severity_idx" ON "supervision_signal" USING btree ("tenant_id","severity_rank","id");--> statement-breakpoint
CREATE INDEX "supervision_signal_tenant_type_sort_idx" ON "supervision_signal" USING btree ("tenant_id","signal_type","id");--> statement-breakpoint
CREATE INDEX "supervision_signal_tenant_detected_idx" ON "supervision_signal" USING btree ("tenant_id","detected_at","id");--> statement-breakpoint
CREATE INDEX "supervision_signal_tenant_occurred_idx" ON "supervision_signal" USING btree ("tenant_id","occurred_at","id");