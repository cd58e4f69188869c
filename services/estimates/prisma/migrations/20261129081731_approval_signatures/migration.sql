-- AlterTable
ALTER TABLE "estimate_approvals" ADD COLUMN     "ip" TEXT,
ADD COLUMN     "signature_kind" TEXT,
ADD COLUMN     "signature_png" BYTEA,
ADD COLUMN     "signer_email" TEXT;
