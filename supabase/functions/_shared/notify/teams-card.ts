import type { ChatMessage } from './chat-message.ts'

// Teams reads a subset of Markdown (links among it) in TextBlocks and FactSets, and none in a
// RichTextBlock's TextRuns: every part of the message is a TextRun, so typed text stays text.
const run = (text: string, style: Record<string, string | boolean> = {}) => ({
  type: 'TextRun',
  text,
  ...style,
})

const line = (...inlines: ReturnType<typeof run>[]) => ({ type: 'RichTextBlock', inlines })

/**
 * The Workflows webhook's body for a message: an Adaptive Card 1.4 in a `message` envelope,
 * which the "When a Teams webhook request is received" flow posts to its channel.
 */
export function teamsCard(message: ChatMessage) {
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            line(run(message.title, { weight: 'Bolder', size: 'Medium' })),
            ...(message.note === null ? [] : [line(run(message.note))]),
            ...message.facts.map(({ label, value }) =>
              line(run(`${label}: `, { weight: 'Bolder' }), run(value)),
            ),
            line(run(message.reference, { isSubtle: true, size: 'Small' })),
          ],
          ...(message.link !== null && {
            actions: [{ type: 'Action.OpenUrl', title: message.link.label, url: message.link.url }],
          }),
        },
      },
    ],
  }
}
