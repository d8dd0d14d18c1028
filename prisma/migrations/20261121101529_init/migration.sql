-- CreateTable
CREATE TABLE "perfiles" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "nombre" TEXT NOT NULL,
    "correo" TEXT NOT NULL,
    "rol" TEXT NOT NULL DEFAULT 'usuario',
    "biografia" TEXT,
    "ubicacion" TEXT,
    "sitio_web" TEXT,
    "avatar_url" TEXT,
    "correo_verificado_en" DATETIME,
    "fecha_creacion" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "fecha_actualizacion" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "passwords" (
    "user_id" TEXT NOT NULL PRIMARY KEY,
    "hash" TEXT NOT NULL,
    CONSTRAINT "passwords_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "perfiles" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "sessions" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "user_id" TEXT NOT NULL,
    "expires_at" DATETIME NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "user_agent" TEXT,
    CONSTRAINT "sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "perfiles" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "connections" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "provider_name" TEXT NOT NULL,
    "provider_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "connections_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "perfiles" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "password_resets" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "user_id" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" DATETIME NOT NULL,
    "used_at" DATETIME,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "password_resets_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "perfiles" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "email_verifications" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "user_id" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" DATETIME NOT NULL,
    "used_at" DATETIME,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "email_verifications_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "perfiles" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "user_settings" (
    "user_id" TEXT NOT NULL PRIMARY KEY,
    "notify_new_features" BOOLEAN NOT NULL DEFAULT true,
    "notify_tips" BOOLEAN NOT NULL DEFAULT false,
    "notify_activity" BOOLEAN NOT NULL DEFAULT true,
    "notify_email" BOOLEAN NOT NULL DEFAULT true,
    "theme" TEXT NOT NULL DEFAULT 'light',
    "font_size" TEXT NOT NULL DEFAULT 'medium',
    "reduced_motion" BOOLEAN NOT NULL DEFAULT false,
    "save_history" BOOLEAN NOT NULL DEFAULT true,
    "analytics" BOOLEAN NOT NULL DEFAULT true,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "user_settings_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "perfiles" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "frases" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "contenido" TEXT NOT NULL,
    "fecha_creacion" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "fecha_actualizacion" DATETIME NOT NULL,
    "usuario_id" TEXT NOT NULL,
    CONSTRAINT "frases_usuario_id_fkey" FOREIGN KEY ("usuario_id") REFERENCES "perfiles" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "historial_frases" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "contenido" TEXT NOT NULL,
    "usuario_id" TEXT NOT NULL,
    "fecha_creacion" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "prompt_original" TEXT,
    "configuracion" TEXT,
    "batch_id" TEXT,
    CONSTRAINT "historial_frases_usuario_id_fkey" FOREIGN KEY ("usuario_id") REFERENCES "perfiles" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "historial_frases_batch_id_fkey" FOREIGN KEY ("batch_id") REFERENCES "generation_batches" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "configuracion_api" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "nombre" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "activo" BOOLEAN NOT NULL DEFAULT true,
    "clave_api" TEXT,
    "provider" TEXT NOT NULL DEFAULT 'gemini',
    "model" TEXT NOT NULL,
    "is_default" BOOLEAN NOT NULL DEFAULT false,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "configuracion_avanzada" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "temperature" REAL NOT NULL DEFAULT 0.7,
    "top_p" REAL NOT NULL DEFAULT 0.95,
    "max_tokens" INTEGER NOT NULL DEFAULT 1024,
    "enhance_quality" BOOLEAN NOT NULL DEFAULT false,
    "user_id" TEXT,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "configuracion_avanzada_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "perfiles" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "tools" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "endpoint" TEXT NOT NULL,
    "model_id" TEXT,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "tools_model_id_fkey" FOREIGN KEY ("model_id") REFERENCES "configuracion_api" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "tool_settings" (
    "tool_id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "api_key" TEXT,
    "base_url" TEXT,
    "model_id" TEXT,
    "custom_prompt" TEXT,
    "temperature" REAL NOT NULL DEFAULT 0.7,
    "max_tokens" INTEGER NOT NULL DEFAULT 1024,
    "top_p" REAL NOT NULL DEFAULT 0.95,
    "include_system_prompt" BOOLEAN NOT NULL DEFAULT true,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "tool_settings_model_id_fkey" FOREIGN KEY ("model_id") REFERENCES "configuracion_api" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "uploads" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "user_id" TEXT,
    "visitor_id" TEXT,
    "kind" TEXT NOT NULL,
    "mime_type" TEXT NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "bytes" INTEGER NOT NULL,
    "file_name" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" DATETIME,
    CONSTRAINT "uploads_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "perfiles" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "generation_batches" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "page" TEXT NOT NULL,
    "user_id" TEXT,
    "visitor_id" TEXT,
    "prompt" TEXT NOT NULL,
    "settings" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" DATETIME,
    CONSTRAINT "generation_batches_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "perfiles" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "generation_phrases" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "batch_id" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "content" TEXT NOT NULL,
    CONSTRAINT "generation_phrases_batch_id_fkey" FOREIGN KEY ("batch_id") REFERENCES "generation_batches" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "generation_events" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "page" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "latency_ms" INTEGER NOT NULL,
    "outcome" TEXT NOT NULL,
    "error_kind" TEXT,
    "user_id" TEXT,
    CONSTRAINT "generation_events_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "perfiles" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "rate_limits" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "count" INTEGER NOT NULL DEFAULT 0,
    "reset_at" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "generation_quotas" (
    "subject" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("subject", "day")
);

-- CreateTable
CREATE TABLE "settings" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "value" TEXT NOT NULL,
    "updated_at" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "audit_logs" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "actor_id" TEXT,
    "action" TEXT NOT NULL,
    "target" TEXT,
    "details" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "audit_logs_actor_id_fkey" FOREIGN KEY ("actor_id") REFERENCES "perfiles" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "perfiles_correo_key" ON "perfiles"("correo");

-- CreateIndex
CREATE INDEX "perfiles_fecha_creacion_idx" ON "perfiles"("fecha_creacion");

-- CreateIndex
CREATE INDEX "sessions_user_id_idx" ON "sessions"("user_id");

-- CreateIndex
CREATE INDEX "sessions_expires_at_idx" ON "sessions"("expires_at");

-- CreateIndex
CREATE INDEX "connections_user_id_idx" ON "connections"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "connections_provider_name_provider_id_key" ON "connections"("provider_name", "provider_id");

-- CreateIndex
CREATE UNIQUE INDEX "password_resets_token_hash_key" ON "password_resets"("token_hash");

-- CreateIndex
CREATE INDEX "password_resets_user_id_idx" ON "password_resets"("user_id");

-- CreateIndex
CREATE INDEX "password_resets_expires_at_idx" ON "password_resets"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "email_verifications_token_hash_key" ON "email_verifications"("token_hash");

-- CreateIndex
CREATE INDEX "email_verifications_user_id_idx" ON "email_verifications"("user_id");

-- CreateIndex
CREATE INDEX "email_verifications_expires_at_idx" ON "email_verifications"("expires_at");

-- CreateIndex
CREATE INDEX "frases_usuario_id_fecha_creacion_idx" ON "frases"("usuario_id", "fecha_creacion");

-- CreateIndex
CREATE INDEX "historial_frases_usuario_id_fecha_creacion_idx" ON "historial_frases"("usuario_id", "fecha_creacion");

-- CreateIndex
CREATE INDEX "historial_frases_batch_id_idx" ON "historial_frases"("batch_id");

-- CreateIndex
CREATE INDEX "configuracion_api_activo_idx" ON "configuracion_api"("activo");

-- CreateIndex
CREATE UNIQUE INDEX "configuracion_avanzada_user_id_key" ON "configuracion_avanzada"("user_id");

-- CreateIndex
CREATE INDEX "tools_model_id_idx" ON "tools"("model_id");

-- CreateIndex
CREATE INDEX "tool_settings_model_id_idx" ON "tool_settings"("model_id");

-- CreateIndex
CREATE INDEX "uploads_user_id_created_at_idx" ON "uploads"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "uploads_visitor_id_idx" ON "uploads"("visitor_id");

-- CreateIndex
CREATE INDEX "uploads_expires_at_idx" ON "uploads"("expires_at");

-- CreateIndex
CREATE INDEX "generation_batches_user_id_created_at_idx" ON "generation_batches"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "generation_batches_visitor_id_created_at_idx" ON "generation_batches"("visitor_id", "created_at");

-- CreateIndex
CREATE INDEX "generation_batches_expires_at_idx" ON "generation_batches"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "generation_phrases_batch_id_position_key" ON "generation_phrases"("batch_id", "position");

-- CreateIndex
CREATE INDEX "generation_events_created_at_idx" ON "generation_events"("created_at");

-- CreateIndex
CREATE INDEX "generation_events_user_id_idx" ON "generation_events"("user_id");

-- CreateIndex
CREATE INDEX "rate_limits_reset_at_idx" ON "rate_limits"("reset_at");

-- CreateIndex
CREATE INDEX "generation_quotas_day_idx" ON "generation_quotas"("day");

-- CreateIndex
CREATE INDEX "audit_logs_created_at_idx" ON "audit_logs"("created_at");

-- CreateIndex
CREATE INDEX "audit_logs_actor_id_idx" ON "audit_logs"("actor_id");
