-- CreateTable
CREATE TABLE "config_version" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "version" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "config_version_pkey" PRIMARY KEY ("id")
);

-- The one row, and triggers that raise its number with every change to the admin
-- configuration, inside the transaction that makes it.
INSERT INTO "config_version" ("id", "version") VALUES (1, 0);

CREATE FUNCTION "raise_config_version"() RETURNS trigger AS $$
BEGIN
    UPDATE "config_version" SET "version" = "version" + 1 WHERE "id" = 1;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "config_version_settings" AFTER INSERT OR UPDATE OR DELETE ON "settings"
    FOR EACH STATEMENT EXECUTE FUNCTION "raise_config_version"();

CREATE TRIGGER "config_version_configuracion_api" AFTER INSERT OR UPDATE OR DELETE ON "configuracion_api"
    FOR EACH STATEMENT EXECUTE FUNCTION "raise_config_version"();

CREATE TRIGGER "config_version_configuracion_avanzada" AFTER INSERT OR UPDATE OR DELETE ON "configuracion_avanzada"
    FOR EACH STATEMENT EXECUTE FUNCTION "raise_config_version"();

CREATE TRIGGER "config_version_tools" AFTER INSERT OR UPDATE OR DELETE ON "tools"
    FOR EACH STATEMENT EXECUTE FUNCTION "raise_config_version"();

CREATE TRIGGER "config_version_tool_settings" AFTER INSERT OR UPDATE OR DELETE ON "tool_settings"
    FOR EACH STATEMENT EXECUTE FUNCTION "raise_config_version"();
