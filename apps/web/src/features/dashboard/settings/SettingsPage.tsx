import { usePageTitle } from '../../../lib/page-title';
import { HoldLimitsSetting } from './HoldLimitsSetting';
import { BuyerConfirmSetting } from './BuyerConfirmSetting';
import { Loading, PageTitle } from '../ui';
import { CodSettingsForm } from './CodSettingsForm';
import { DeliveryChargesSetting } from './DeliveryChargesSetting';
import { RiskSettingsForm } from './RiskSettingsForm';
import { PaymentAccountsForm } from './PaymentAccountsForm';
import { useShopSettingsQuery } from './settings-api';
import { ShopDetailsForm } from './ShopDetailsForm';
import { LoadError } from '../../../components/ui/LoadError';

/**
 * The shop's settings in one place (/dashboard/settings): its details and accounts as customers
 * see them, what an order pays beyond its pairs, cash on delivery's rules, when a number is risky or
 * trusted, and the limits on unconfirmed orders. Every
 * change shows at once on every page, e-mail, text message and invoice.
 */
export function SettingsPage() {
  usePageTitle('Settings · Dashboard');
  const { data, isError, error, refetch } = useShopSettingsQuery();
  return (
    <section className="space-y-4">
      <PageTitle>Settings</PageTitle>
      {data ? (
        <>
          <ShopDetailsForm stored={data} />
          <PaymentAccountsForm stored={data.accounts} />
          <DeliveryChargesSetting />
          <CodSettingsForm />
          <RiskSettingsForm />
          <BuyerConfirmSetting />
          <HoldLimitsSetting />
        </>
      ) : isError ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : (
        <Loading label="Loading the settings" />
      )}
    </section>
  );
}
