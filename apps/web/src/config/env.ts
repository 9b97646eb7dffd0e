import { z } from 'zod';

const optional = z.string().min(1).optional();

/**
 * The VITE_* variables the web app reads (Vite writes them in at build time from the root .env). All are
 * optional: without VITE_FIREBASE_API_KEY the app talks to the local Auth Emulator.
 */
const WebEnvSchema = z.object({
  VITE_FIREBASE_API_KEY: optional,
  VITE_FIREBASE_AUTH_DOMAIN: optional,
  VITE_FIREBASE_PROJECT_ID: optional,
  VITE_FIREBASE_APP_ID: optional,
  /** The Auth Emulator's port on this host, when no Firebase project is configured. */
  VITE_AUTH_EMULATOR_PORT: z.coerce
    .number('must be a port number')
    .int('must be a port number')
    .min(1)
    .max(65535, 'must be a port number')
    .default(9099),
});

/** Parses the variables; a bad value throws an error naming the variable, as the API's config does. An empty one is unset. */
export function parseWebEnv(source: Record<string, unknown>): z.infer<typeof WebEnvSchema> {
  const parsed = WebEnvSchema.safeParse(
    Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== '')),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${String(issue.path[0])}: ${issue.message}`);
    throw new Error(`Invalid web configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** Parsed once: the only place the app reads `import.meta.env`. */
export const env = parseWebEnv(import.meta.env);
