import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate` writes SQL migrations for src/server/db/schema.ts; the server applies them at boot.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
});
