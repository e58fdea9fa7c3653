import { Fragment } from 'react';
import { Link } from 'react-router';
import { parsePageText, type Inline } from '../../lib/page-text';

const LINK = 'font-semibold text-court-dark underline underline-offset-2 hover:text-ink';

function Inlines({ parts }: { parts: Inline[] }) {
  return parts.map((part, i) => {
    if (part.kind === 'text') return <Fragment key={i}>{part.text}</Fragment>;
    if (part.kind === 'strong') {
      return (
        <strong key={i} className="font-semibold text-ink">
          <Inlines parts={part.children} />
        </strong>
      );
    }
    const words = <Inlines parts={part.children} />;
    if (part.href.startsWith('/')) {
      return (
        <Link key={i} to={part.href} className={LINK}>
          {words}
        </Link>
      );
    }
    const web = /^https?:/i.test(part.href);
    return (
      <a
        key={i}
        href={part.href}
        className={`${LINK} break-words`}
        {...(web ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        {words}
      </a>
    );
  });
}

/**
 * A page's text in the shop's simple format (lib/page-text.ts) as headings, paragraphs and lists.
 * Everything is rendered as React elements and text, so markup in the text shows as the
 * characters it is and never runs.
 */
export function PageText({ body }: { body: string }) {
  return (
    <div className="space-y-4 leading-relaxed text-ink-soft">
      {parsePageText(body).map((block, i) => {
        if (block.kind === 'heading') {
          const Heading = block.level === 2 ? 'h2' : 'h3';
          return (
            <Heading
              key={i}
              className={
                block.level === 2
                  ? 'pt-4 text-xl font-bold tracking-tight text-ink'
                  : 'pt-2 text-lg font-semibold text-ink'
              }
            >
              <Inlines parts={block.content} />
            </Heading>
          );
        }
        if (block.kind === 'list') {
          const List = block.ordered ? 'ol' : 'ul';
          return (
            <List
              key={i}
              className={`space-y-1.5 pl-5 ${block.ordered ? 'list-decimal' : 'list-disc'}`}
            >
              {block.items.map((item, j) => (
                <li key={j}>
                  <Inlines parts={item} />
                </li>
              ))}
            </List>
          );
        }
        return (
          <p key={i}>
            {block.lines.map((line, j) => (
              <Fragment key={j}>
                {j > 0 && <br />}
                <Inlines parts={line} />
              </Fragment>
            ))}
          </p>
        );
      })}
    </div>
  );
}
