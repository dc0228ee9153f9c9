import path from 'node:path'
import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  schema: path.join(__dirname, 'src/db/schema.ts'),
  out: path.join(__dirname, 'src/db/migrations'),
})
