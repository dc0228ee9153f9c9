import { defineConfig } from 'drizzle-kit'

// Paths are relative to the repository root: run
// `npx drizzle-kit generate --config server/drizzle.config.ts` from there.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/src/db/schema',
  out: './server/src/db/migrations',
})
