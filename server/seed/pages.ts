import type { Db } from '../src/db/client'
import { specialPages } from '../src/db/schema'
import { AGREEMENT_HTML } from './content/agreement'
import { PRIVACY_HTML } from './content/privacy'
import { AGENT_AGREEMENT_HTML } from './content/agentAgreement'

export async function seedPages(tx: Db, now: number): Promise<void> {
  await tx.insert(specialPages).values([
    { id: 'agreement', title: '用户协议', content: AGREEMENT_HTML, updatedAt: new Date(now) },
    { id: 'privacy', title: '隐私政策', content: PRIVACY_HTML, updatedAt: new Date(now) },
    {
      id: 'agent_agreement',
      title: '吧主协议',
      content: AGENT_AGREEMENT_HTML,
      updatedAt: new Date(now),
    },
  ])
}
