-- CreateIndex
CREATE INDEX "frases_fecha_creacion_idx" ON "frases"("fecha_creacion");

-- CreateIndex
CREATE INDEX "generation_events_created_at_outcome_provider_idx" ON "generation_events"("created_at", "outcome", "provider");

-- CreateIndex
CREATE INDEX "generation_events_latency_ms_created_at_idx" ON "generation_events"("latency_ms", "created_at");

-- CreateIndex
CREATE INDEX "generation_events_provider_latency_ms_created_at_idx" ON "generation_events"("provider", "latency_ms", "created_at");
