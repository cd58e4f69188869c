-- AlterTable
ALTER TABLE "share_links" ADD COLUMN     "expires_at" TIMESTAMPTZ(3),
ADD COLUMN     "passcode_hash" TEXT;
