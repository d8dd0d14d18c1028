-- CreateTable
CREATE TABLE "config_version" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT DEFAULT 1,
    "version" INTEGER NOT NULL DEFAULT 0
);

-- The one row, and triggers that raise its number with every change to the admin
-- configuration, inside the transaction that makes it.
INSERT INTO "config_version" ("id", "version") VALUES (1, 0);

CREATE TRIGGER "config_version_settings_insert" AFTER INSERT ON "settings"
BEGIN
    UPDATE "config_version" SET "version" = "version" + 1 WHERE "id" = 1;
END;

CREATE TRIGGER "config_version_settings_update" AFTER UPDATE ON "settings"
BEGIN
    UPDATE "config_version" SET "version" = "version" + 1 WHERE "id" = 1;
END;

CREATE TRIGGER "config_version_settings_delete" AFTER DELETE ON "settings"
BEGIN
    UPDATE "config_version" SET "version" = "version" + 1 WHERE "id" = 1;
END;

CREATE TRIGGER "config_version_configuracion_api_insert" AFTER INSERT ON "configuracion_api"
BEGIN
    UPDATE "config_version" SET "version" = "version" + 1 WHERE "id" = 1;
END;

CREATE TRIGGER "config_version_configuracion_api_update" AFTER UPDATE ON "configuracion_api"
BEGIN
    UPDATE "config_version" SET "version" = "version" + 1 WHERE "id" = 1;
END;

CREATE TRIGGER "config_version_configuracion_api_delete" AFTER DELETE ON "configuracion_api"
BEGIN
    UPDATE "config_version" SET "version" = "version" + 1 WHERE "id" = 1;
END;

CREATE TRIGGER "config_version_configuracion_avanzada_insert" AFTER INSERT ON "configuracion_avanzada"
BEGIN
    UPDATE "config_version" SET "version" = "version" + 1 WHERE "id" = 1;
END;

CREATE TRIGGER "config_version_configuracion_avanzada_update" AFTER UPDATE ON "configuracion_avanzada"
BEGIN
    UPDATE "config_version" SET "version" = "version" + 1 WHERE "id" = 1;
END;

CREATE TRIGGER "config_version_configuracion_avanzada_delete" AFTER DELETE ON "configuracion_avanzada"
BEGIN
    UPDATE "config_version" SET "version" = "version" + 1 WHERE "id" = 1;
END;

CREATE TRIGGER "config_version_tools_insert" AFTER INSERT ON "tools"
BEGIN
    UPDATE "config_version" SET "version" = "version" + 1 WHERE "id" = 1;
END;

CREATE TRIGGER "config_version_tools_update" AFTER UPDATE ON "tools"
BEGIN
    UPDATE "config_version" SET "version" = "version" + 1 WHERE "id" = 1;
END;

CREATE TRIGGER "config_version_tools_delete" AFTER DELETE ON "tools"
BEGIN
    UPDATE "config_version" SET "version" = "version" + 1 WHERE "id" = 1;
END;

CREATE TRIGGER "config_version_tool_settings_insert" AFTER INSERT ON "tool_settings"
BEGIN
    UPDATE "config_version" SET "version" = "version" + 1 WHERE "id" = 1;
END;

CREATE TRIGGER "config_version_tool_settings_update" AFTER UPDATE ON "tool_settings"
BEGIN
    UPDATE "config_version" SET "version" = "version" + 1 WHERE "id" = 1;
END;

CREATE TRIGGER "config_version_tool_settings_delete" AFTER DELETE ON "tool_settings"
BEGIN
    UPDATE "config_version" SET "version" = "version" + 1 WHERE "id" = 1;
END;
