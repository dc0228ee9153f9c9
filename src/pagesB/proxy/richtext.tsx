import SpecialPage from '@/features/account/SpecialPage'

/** The bar-owner (agent) agreement, written by the operators and served by App.Special.Detail. */
export default function AgentAgreementPage() {
  return <SpecialPage id="agent_agreement" />
}
