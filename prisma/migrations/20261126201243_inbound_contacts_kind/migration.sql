-- AlterEnum
ALTER TYPE "InboundKind" ADD VALUE 'contacts';
