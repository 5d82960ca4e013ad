import {
  elementAttributes,
  elementCssParts,
  elementCssProperties,
  elementEvents,
  elementMethods,
  elementProperties,
  elementSlots,
  globalAttributes,
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
        // Relative to the package root, as the schema has it: the module bundlers import.
        path: 'dist/widget/demo-request.module.js',
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
              ...globalAttributes.map(({ name, description }) => ({
                name,
                type: { text: 'string' },
                description,
              })),
              ...loaderAttributes.map(({ name, description }) => ({
                name,
                type: { text: 'string' },
                description,
              })),
            ],
            members: [
              ...elementProperties.map(({ name, type, description }) => ({
                kind: 'field',
                name,
                type: { text: type },
                description,
              })),
              ...elementMethods.map(({ name, parameters, return: returns, description }) => ({
                kind: 'method',
                name,
                parameters: parameters.map((parameter) => ({
                  name: parameter.name,
                  type: { text: parameter.type },
                })),
                return: { type: { text: returns } },
                description,
              })),
            ],
            events: elementEvents.map(({ name, detail, description }) => ({
              name,
              type: { text: `CustomEvent<${detail}>` },
              description,
            })),
            cssProperties: elementCssProperties(),
            cssParts: elementCssParts.map(({ name, description }) => ({ name, description })),
            slots: elementSlots.map(({ name, description }) => ({ name, description })),
          },
        ],
        exports: [
          { kind: 'js', name: 'DemoRequestElement', declaration: { name: 'DemoRequestElement' } },
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
