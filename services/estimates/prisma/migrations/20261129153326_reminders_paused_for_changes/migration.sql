-- AlterTable
ALTER TABLE "estimate_reminders" ADD COLUMN     "paused_at" TIMESTAMPTZ(3);
