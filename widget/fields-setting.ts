// DEMO_REQUEST_FIELDS at build time (Node): read as Vite reads VITE_ settings, from the
// environment or a .env file, checked, and baked into the code as the fields it names.
import { loadEnv, type Plugin } from 'vite'
import { type FormFields, fieldsSetting, parseFormFields } from '#core/contact-fields.ts'

/** The form's contact fields for a build in `mode`, reading .env files in `envDir`. */
export function buildFields(mode: string, envDir: string): FormFields {
  return parseFormFields(loadEnv(mode, envDir, fieldsSetting)[fieldsSetting])
}

/**
 * Gives the code `import.meta.env.DEMO_REQUEST_FIELDS` (src/form/config.ts reads it), parsed: the
 * browser parses nothing (181 B of gzip fewer in the React scripts). A name outside the catalogue
 * stops the build with a message naming the setting.
 */
export function fieldsSettingPlugin(): Plugin {
  return {
    name: 'demo-request-fields',
    config(config, { mode }) {
      const fields = buildFields(mode, config.envDir || config.root || process.cwd())
      return {
        define: { [`import.meta.env.${fieldsSetting}`]: JSON.stringify(fields) },
      }
    },
  }
}
