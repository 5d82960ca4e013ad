import type { ChatMessage } from './chat-message.ts'
import { slackEscape } from './lead-webhook.ts'

// A field's text may be 2,000 characters; escaping can make one character five (`&amp;`).
const valueMax = 300

const clip = (text: string, max: number) => {
  const characters = [...text]
  return characters.length <= max ? text : `${characters.slice(0, max - 1).join('')}…`
}

// `verbatim` keeps Slack from turning typed addresses, #channels and @names into links or
// mentions; escaping `&`, `<` and `>` keeps typed `<!channel>` or `<url|label>` as text.
const mrkdwn = (text: string) => ({ type: 'mrkdwn', text, verbatim: true })

// A `<url|label>` link: `|` would end the address early, so it is percent-encoded.
const slackLink = ({ url, label }: { url: string; label: string }) =>
  `<${slackEscape(url).replaceAll('|', '%7C')}|${slackEscape(label)}>`

/**
 * The incoming webhook's body for a message: `text` for notifications and clients without
 * blocks, `blocks` for the channel. Every part of the message is escaped, so only the link this
 * function draws is one.
 */
export function slackMessage(message: ChatMessage) {
  // A bold line rather than a header block: a header is plain text of at most 150 characters,
  // which a firm's name alone may fill, and one way of escaping serves every part.
  const heading = { type: 'section', text: mrkdwn(`*${slackEscape(message.title)}*`) }
  const fields = message.facts.map(({ label, value }) =>
    mrkdwn(`*${slackEscape(label)}*\n${slackEscape(clip(value, valueMax))}`),
  )
  return {
    text: slackEscape(message.title),
    blocks: [
      heading,
      ...(message.note === null
        ? []
        : [{ type: 'section', text: mrkdwn(slackEscape(message.note)) }]),
      ...(fields.length === 0 ? [] : [{ type: 'section', fields }]),
      ...(message.link === null
        ? []
        : [{ type: 'section', text: { type: 'mrkdwn', text: slackLink(message.link) } }]),
      { type: 'context', elements: [mrkdwn(slackEscape(message.reference))] },
    ],
  }
}
