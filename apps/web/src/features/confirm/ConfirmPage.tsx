import {
  CONFIRM_ERROR_TYPES,
  CONFIRM_MESSAGES,
  formatRs,
  orderNumberText,
  parseConfirmToken,
  shopWhatsappLink,
  type ConfirmAction,
  type OrderConfirmView,
} from '@courtside/shop';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../components/ui/Button';
import { ConfirmPanel } from '../../components/ui/ConfirmPanel';
import { Spinner } from '../../components/ui/Spinner';
import { WhatsAppButton } from '../../components/ui/WhatsAppButton';
import { paths } from '../../config/routes';
import { errorText, type CallError } from '../../lib/errors';
import { formatWhen } from '../../lib/format-when';
import { usePageTitle } from '../../lib/page-title';
import { useShopFacts } from '../../lib/shop-facts';
import { ConfirmSummary } from './ConfirmSummary';
import { useAnswerConfirmMutation, useConfirmViewQuery, type ConfirmLink } from './confirm-api';

const linkButton =
  'inline-flex min-h-11 items-center justify-center rounded-full px-5 text-sm font-semibold';

/** A page's heading, its words, and where to go from there. */
function Panel(props: { tone: 'done' | 'stop'; title: string; children: ReactNode }) {
  const done = props.tone === 'done';
  return (
    <div className="flex flex-col items-center gap-3 text-center">
      <span
        className={`grid size-14 place-items-center rounded-full ${done ? 'bg-green-100 text-success' : 'bg-amber-100 text-amber-700'}`}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" className="size-7">
          <path
            d={done ? 'M5 12.5l4.5 4.5L19 7.5' : 'M12 7v6m0 4v.5'}
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinecap="round"
          />
        </svg>
      </span>
      <h1 className="text-2xl font-black tracking-tight">{props.title}</h1>
      <div className="text-ink-soft">{props.children}</div>
    </div>
  );
}

function HelpOnWhatsapp({ about }: { about: string }) {
  const facts = useShopFacts();
  return (
    <WhatsAppButton href={shopWhatsappLink(facts, about)} className="mt-2">
      Message us on WhatsApp
    </WhatsAppButton>
  );
}

const shopAgain = (
  <Link to={paths.home} className={`${linkButton} mt-2 bg-ink text-white hover:bg-ink-soft`}>
    Go To Shopping
  </Link>
);

/** A link that confirms nothing: not one the shop made, wrong, expired, or refused. */
function LinkProblem({ error }: { error: CallError | null }) {
  if (error?.type === CONFIRM_ERROR_TYPES.expired) {
    return (
      <Panel tone="stop" title="This link has expired">
        <p>{CONFIRM_MESSAGES.expired}</p>
        {shopAgain}
      </Panel>
    );
  }
  if (!error || error.type === CONFIRM_ERROR_TYPES.notFound) {
    return (
      <Panel tone="stop" title="This link is not valid">
        <p>{CONFIRM_MESSAGES.notFound}</p>
        <HelpOnWhatsapp about="My order confirmation link does not work" />
      </Panel>
    );
  }
  return (
    <Panel tone="stop" title="We could not open your order">
      <p role="alert">{errorText(error)}</p>
    </Panel>
  );
}

/** Where the order stands once it is no longer waiting for the buyer. */
function Settled({ view }: { view: OrderConfirmView }) {
  const number = orderNumberText(view.order_number);
  if (view.shipped || view.order_status === 'completed' || view.order_status === 'returned') {
    return (
      <Panel tone="done" title="Your order is on its way">
        <p>Order {number} has left the shop; the link can no longer change it.</p>
        <Link
          to={`${paths.track}?order=${view.order_number}`}
          className={`${linkButton} mt-2 bg-ink text-white hover:bg-ink-soft`}
        >
          Track Your Order
        </Link>
      </Panel>
    );
  }
  if (view.order_status === 'confirmed') {
    return (
      <Panel tone="done" title="Your order is confirmed">
        <p>
          Thank you! We are packing order {number}. Please keep{' '}
          <strong className="text-ink">{formatRs(view.collect)}</strong> ready in cash for the
          rider.
        </p>
      </Panel>
    );
  }
  return (
    <Panel tone="stop" title="Your order is cancelled">
      <p>
        {view.cancelled_by === 'buyer'
          ? `Order ${number} is cancelled, as you asked. Nothing is due for it.`
          : `Order ${number} is cancelled. Nothing is due for it.`}
      </p>
      {shopAgain}
    </Panel>
  );
}

/** The order waiting for the buyer: its summary, Confirm, and Cancel (asked once). */
function Waiting({
  view,
  link,
  onAnswer,
}: {
  view: OrderConfirmView;
  link: ConfirmLink;
  onAnswer: (v: OrderConfirmView) => void;
}) {
  const [answer, { isLoading, error, originalArgs }] = useAnswerConfirmMutation();
  const [asking, setAsking] = useState(false);
  const send = async (action: ConfirmAction) => {
    const result = await answer({ ...link, action });
    if ('data' in result && result.data) onAnswer(result.data);
  };
  const busy = (action: ConfirmAction) => isLoading && originalArgs?.action === action;
  return (
    <>
      <h1 className="text-2xl font-black tracking-tight sm:text-3xl">Confirm your order</h1>
      <p className="mt-1 text-ink-soft">
        Please check your order and confirm it
        {view.expiresAt && (
          <>
            {' '}
            by <strong className="whitespace-nowrap text-ink">{formatWhen(view.expiresAt)}</strong>
          </>
        )}
        . Unconfirmed orders are cancelled then.
      </p>
      <div className="mt-5">
        <ConfirmSummary view={view} />
      </div>
      {error && (
        <p role="alert" className="mt-4 text-sm font-medium text-danger">
          {errorText(error)}
        </p>
      )}
      <div className="mt-5 flex flex-col gap-3 sm:flex-row-reverse sm:justify-start">
        <Button
          type="button"
          className="w-full sm:w-auto"
          loading={busy('confirm')}
          disabled={isLoading}
          onClick={() => void send('confirm')}
        >
          Confirm order
        </Button>
        {!asking && (
          <Button
            type="button"
            variant="ghost"
            className="w-full sm:w-auto"
            disabled={isLoading}
            onClick={() => setAsking(true)}
          >
            Cancel order
          </Button>
        )}
      </div>
      {asking && (
        <ConfirmPanel
          label="Cancel this order?"
          className="mt-4"
          confirm="Yes, cancel my order"
          cancel="Keep my order"
          busy={busy('cancel')}
          onConfirm={() => void send('cancel')}
          onCancel={() => setAsking(false)}
        >
          Cancel order {orderNumberText(view.order_number)}? Its pairs go back on sale at once.
        </ConfirmPanel>
      )}
    </>
  );
}

function Answer({ link }: { link: ConfirmLink }) {
  const { data, error, isLoading } = useConfirmViewQuery(link);
  const [answered, setAnswered] = useState<OrderConfirmView | null>(null);
  const view = answered ?? data;
  if (isLoading) return <Spinner label="Loading your order" className="mt-8" />;
  if (!view) return <LinkProblem error={(error as CallError | undefined) ?? null} />;
  if (view.order_status === 'pending' && !view.shipped) {
    return <Waiting view={view} link={link} onAnswer={setAnswered} />;
  }
  return (
    <>
      <Settled view={view} />
      <div className="mt-6">
        <ConfirmSummary view={view} />
      </div>
    </>
  );
}

/** /confirm/<order id>.<key>: the buyer confirms or cancels a cash-on-delivery order. */
export function ConfirmPage() {
  usePageTitle('Confirm your order');
  const link = parseConfirmToken(useParams().token ?? '');
  return (
    <section className="mx-auto w-full max-w-xl py-6 sm:py-12">
      {link ? <Answer link={link} /> : <LinkProblem error={null} />}
    </section>
  );
}
