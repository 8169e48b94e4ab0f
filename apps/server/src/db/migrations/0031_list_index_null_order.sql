DROP INDEX "sys_log_type_time_idx";--> statement-breakpoint
DROP INDEX "demo_request_list_idx";--> statement-breakpoint
DROP INDEX "qa_questions_and_answers_list_idx";--> statement-breakpoint
DROP INDEX "qa_questions_and_answers_time_idx";--> statement-breakpoint
DROP INDEX "sys_quartz_job_log_time_idx";--> statement-breakpoint
DROP INDEX "wf_instance_tenant_idx";--> statement-breakpoint
DROP INDEX "wf_instance_initiator_idx";--> statement-breakpoint
DROP INDEX "purchase_award_letter_time_idx";--> statement-breakpoint
DROP INDEX "purchase_bid_supplier_idx";--> statement-breakpoint
DROP INDEX "purchase_sign_up_supplier_idx";--> statement-breakpoint
DROP INDEX "contract_state_idx";--> statement-breakpoint
DROP INDEX "contract_time_idx";--> statement-breakpoint
DROP INDEX "contract_change_contract_idx";--> statement-breakpoint
DROP INDEX "settlement_state_idx";--> statement-breakpoint
DROP INDEX "supplier_performance_supplier_idx";--> statement-breakpoint
DROP INDEX "expert_profile_time_idx";--> statement-breakpoint
DROP INDEX "purchase_notice_list_idx";--> statement-breakpoint
DROP INDEX "purchase_notice_published_idx";--> statement-breakpoint
DROP INDEX "purchase_project_tenant_time_idx";--> statement-breakpoint
DROP INDEX "review_committee_state_idx";--> statement-breakpoint
DROP INDEX "review_member_user_state_idx";--> statement-breakpoint
DROP INDEX "supplier_status_idx";--> statement-breakpoint
DROP INDEX "supplier_blacklist_state_idx";--> statement-breakpoint
DROP INDEX "supplier_change_supplier_idx";--> statement-breakpoint
DROP INDEX "supplier_status_history_idx";--> statement-breakpoint
DROP INDEX "record_history_record_idx";--> statement-breakpoint
DROP INDEX "supervision_inspection_list_idx";--> statement-breakpoint
DROP INDEX "supervision_rectification_list_idx";--> statement-breakpoint
DROP INDEX "supervision_rectification_supplier_idx";--> statement-breakpoint
DROP INDEX "work_order_list_idx";--> statement-breakpoint
CREATE INDEX "sys_log_type_time_idx" ON "sys_log" USING btree ("log_type","create_time" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "demo_request_list_idx" ON "demo_request" USING btree ("tenant_id","create_time" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "qa_questions_and_answers_list_idx" ON "qa_questions_and_answers" USING btree ("tenant_id","display_order","create_time" DESC NULLS FIRST) WHERE del_state = 0;--> statement-breakpoint
CREATE INDEX "qa_questions_and_answers_time_idx" ON "qa_questions_and_answers" USING btree ("tenant_id","create_time" DESC NULLS FIRST) WHERE del_state = 0;--> statement-breakpoint
CREATE INDEX "sys_quartz_job_log_time_idx" ON "sys_quartz_job_log" USING btree ("start_time" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "wf_instance_tenant_idx" ON "wf_instance" USING btree ("tenant_id","start_time" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "wf_instance_initiator_idx" ON "wf_instance" USING btree ("tenant_id","initiator","start_time" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "purchase_award_letter_time_idx" ON "purchase_award_letter" USING btree ("tenant_id","create_time" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "purchase_bid_supplier_idx" ON "purchase_bid" USING btree ("tenant_id","supplier_id","submit_time" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "purchase_sign_up_supplier_idx" ON "purchase_sign_up" USING btree ("tenant_id","supplier_id","sign_up_time" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contract_state_idx" ON "contract" USING btree ("tenant_id","state","create_time" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contract_time_idx" ON "contract" USING btree ("tenant_id","create_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contract_change_contract_idx" ON "contract_change" USING btree ("contract_id","create_time" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "settlement_state_idx" ON "settlement" USING btree ("tenant_id","state","create_time" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "supplier_performance_supplier_idx" ON "supplier_performance" USING btree ("tenant_id","supplier_id","create_time" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "expert_profile_time_idx" ON "expert_profile" USING btree ("tenant_id","create_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "purchase_notice_list_idx" ON "purchase_notice" USING btree ("tenant_id","create_time" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE del_flag = 0;--> statement-breakpoint
CREATE INDEX "purchase_notice_published_idx" ON "purchase_notice" USING btree ("tenant_id","notice_type","publish_time" DESC NULLS FIRST) WHERE del_flag = 0 AND status = '1';--> statement-breakpoint
CREATE INDEX "purchase_project_tenant_time_idx" ON "purchase_project" USING btree ("tenant_id","create_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "review_committee_state_idx" ON "review_committee" USING btree ("tenant_id","state","drawn_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "review_member_user_state_idx" ON "review_member" USING btree ("tenant_id","user_id","state","create_time" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "supplier_status_idx" ON "supplier" USING btree ("tenant_id","status","create_time" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "supplier_blacklist_state_idx" ON "supplier_blacklist" USING btree ("tenant_id","state","create_time" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "supplier_change_supplier_idx" ON "supplier_change" USING btree ("supplier_id","create_time" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "supplier_status_history_idx" ON "supplier_status_history" USING btree ("supplier_id","create_time" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "record_history_record_idx" ON "record_history" USING btree ("table_name","record_id","changed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "supervision_inspection_list_idx" ON "supervision_inspection" USING btree ("tenant_id","create_time" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE del_flag = 0;--> statement-breakpoint
CREATE INDEX "supervision_rectification_list_idx" ON "supervision_rectification" USING btree ("tenant_id","create_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "supervision_rectification_supplier_idx" ON "supervision_rectification" USING btree ("supplier_id","create_time" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "work_order_list_idx" ON "work_order" USING btree ("tenant_id","type","create_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);