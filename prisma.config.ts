import path from "node:path";
import { defineConfig } from "prisma/config";

// The Prisma CLI wants a native schema engine before generate/validate/format even though those
// commands never run it, and it cannot be downloaded on offline build machines. Point it at a stub
// that explains itself; migrations go through the WebAssembly engine (npm run db:migrate).
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.resolve("scripts/no-native-schema-engine.sh");

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
