import {
  elementAttributes,
  elementCssProperties,
  elementEvents,
  elementProperties,
  elementSlots,
  loaderAttributes,
  tagName,
} from './element-api.ts'

/** The custom-elements.json manifest (schema 2.1), for editors, linters and docs. */
export function customElementsManifest() {
  return {
    schemaVersion: '2.1.0',
    modules: [
      {
        kind: 'javascript-module',
        path: 'demo-request.js',
        declarations: [
          {
            kind: 'class',
            name: 'DemoRequestElement',
            tagName,
            customElement: true,
            description: 'A demo-request form that sends leads to the send-demo-request function.',
            attributes: [
              ...elementAttributes.map(({ name, prop, description }) => ({
                name,
                fieldName: prop,
                type: { text: 'string' },
                description,
              })),
              ...loaderAttributes.map(({ name, description }) => ({
                name,
                type: { text: 'string' },
                description,
              })),
            ],
            members: elementProperties.map(({ name, type, description }) => ({
              kind: 'field',
              name,
              type: { text: type },
              description,
            })),
            events: elementEvents.map(({ name, detail, description }) => ({
              name,
              type: { text: `CustomEvent<${detail}>` },
              description,
            })),
            cssProperties: elementCssProperties(),
            slots: elementSlots.map(({ name, description }) => ({ name, description })),
          },
        ],
        exports: [
          {
            kind: 'custom-element-definition',
            name: tagName,
            declaration: { name: 'DemoRequestElement' },
          },
        ],
      },
    ],
  }
}
