// The CRMs as the settings wire them: a stored lead reaches HubSpot and Salesforce through the
// scheduled job's retry endpoint, over HTTP to their stand-ins, once however often it runs.
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  type HubSpotStandIn,
  startHubSpotStandIn,
} from '../../../../tests/support/hubspot-stand-in.ts'
import { insertLead } from '../../../../tests/support/insert-lead.ts'
import {
  type SalesforceStandIn,
  startSalesforceStandIn,
} from '../../../../tests/support/salesforce-stand-in.ts'
import { sampleContact, sampleNewDemoRequest } from '../../../../tests/support/sample-lead.ts'
import { openTestPglite, type TestDatabase } from '../../../../tests/support/test-database.ts'
import { retrySecretHeader } from '../notify/notify-retry-handler.ts'
import { createConfiguredHandler } from './configured-handler.ts'
import { readFunctionConfig } from './function-config.ts'
import { createSqlStores } from './sql-stores.ts'

const secret = 'a-long-enough-retry-secret'

let test: TestDatabase
let hubspot: HubSpotStandIn
let salesforce: SalesforceStandIn
beforeAll(async () => {
  ;[test, hubspot, salesforce] = await Promise.all([
    openTestPglite(),
    startHubSpotStandIn(),
    startSalesforceStandIn(),
  ])
  hubspot.dealProperties.add('demo_request_id')
}, 60_000)
afterAll(() => Promise.all([test?.close(), hubspot?.close(), salesforce?.close()]))

it('sends a stored lead to HubSpot and Salesforce once, however often the job runs', async () => {
  const config = readFunctionConfig(
    (name) =>
      ({
        NOTIFY_RETRY_SECRET: secret,
        HUBSPOT_ACCESS_TOKEN: hubspot.token,
        HUBSPOT_API_URL: hubspot.url,
        SALESFORCE_URL: salesforce.url,
        SALESFORCE_CLIENT_ID: salesforce.clientId,
        SALESFORCE_CLIENT_SECRET: salesforce.clientSecret,
      })[name],
  )
  const handler = createConfiguredHandler(config, createSqlStores(test.db))
  const run = async () => {
    const response = await handler(
      new Request('http://localhost:3000/functions/v1/send-demo-request/retry', {
        method: 'POST',
        headers: { [retrySecretHeader]: secret },
      }),
    )
    return response.json()
  }
  const { id } = await insertLead(test.db, { ...sampleNewDemoRequest, ...sampleContact })
  expect(await run()).toEqual({ success: true, sent: 2, failed: 0 })
  expect(await run()).toEqual({ success: true, sent: 0, failed: 0 })
  expect(hubspot.contacts.map((contact) => contact.properties.email)).toEqual([sampleContact.email])
  expect(hubspot.dealOf(id)).toBeDefined()
  expect(hubspot.associations.get(hubspot.dealOf(id)?.id ?? '')?.size).toBe(1)
  expect([...salesforce.leads.keys()]).toEqual([id])
})
