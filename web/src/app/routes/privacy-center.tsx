import { PrivacyCentre } from '@/features/account/components/privacy-centre'
import { paths } from '@/config/paths'
import { useGoBack } from '@/lib/use-go-back'

/** /profile/privacy: the privacy center, for a signed-in parent (RequireAuth). */
export default function PrivacyCentreRoute() {
  const goBack = useGoBack(paths.profile)
  return <PrivacyCentre onBack={goBack} />
}
