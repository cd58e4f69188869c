-- AlterEnum
ALTER TYPE "notification_kind" ADD VALUE 'estimate_change_requested';
