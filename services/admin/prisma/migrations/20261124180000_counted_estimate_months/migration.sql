-- AlterTable
ALTER TABLE "counted_estimates" ADD COLUMN     "created_month" CHAR(7),
ADD COLUMN     "deleted_month" CHAR(7);
