/**
 * Editor completion data for markup that is not JSX, Vue and Angular templates among it, made
 * from the one description of the element: VS Code's HTML custom data (`html.customData`) and
 * JetBrains' web-types (read from package.json's `web-types` field).
 */
import { elementAttributes, elementEvents, tagName } from './element-api.ts'

const description = 'A demo-request form that sends leads to the send-demo-request function.'

/** For VS Code's `html.customData` setting; Vue's language tools read it too. */
export function vscodeCustomData() {
  return {
    version: 1.1,
    tags: [
      {
        name: tagName,
        description,
        attributes: elementAttributes.map(({ name, description }) => ({ name, description })),
      },
    ],
  }
}

/** JetBrains web-types: tag, attributes and events, in plain HTML, Vue and Angular templates. */
export function webTypes(version: string) {
  return {
    $schema: 'https://json.schemastore.org/web-types',
    name: 'demo-request',
    version,
    'description-markup': 'markdown',
    contributions: {
      html: {
        elements: [
          {
            name: tagName,
            description,
            attributes: elementAttributes.map(({ name, description }) => ({
              name,
              description,
              value: { type: 'string' },
            })),
            events: elementEvents.map(({ name, description }) => ({ name, description })),
          },
        ],
      },
    },
  }
}
