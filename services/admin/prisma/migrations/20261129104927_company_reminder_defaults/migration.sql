-- AlterTable
ALTER TABLE "company_settings" ADD COLUMN     "reminder_every_days" INTEGER NOT NULL DEFAULT 3,
ADD COLUMN     "reminder_max" INTEGER NOT NULL DEFAULT 3,
ADD COLUMN     "reminders_enabled" BOOLEAN NOT NULL DEFAULT false;
