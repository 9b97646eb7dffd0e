import type { ReactNode } from 'react';

type BlogArticle = {
  /** In-page anchor; the spec fixes these ids (and their spelling). */
  id: 'quizeone' | 'quizetwo' | 'quizethree' | 'quizefour';
  title: string;
  author: string;
  /** ISO date for <time dateTime>. */
  updated: string;
  /** Human-readable date, written out so it does not depend on the reader's locale. */
  updatedLabel: string;
  body: ReactNode;
};

function Code({ children }: { children: ReactNode }) {
  return <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.9em] text-slate-800">{children}</code>;
}

const articles: readonly BlogArticle[] = [
  {
    id: 'quizeone',
    title: 'What is the difference between JavaScript and Node.js?',
    author: 'Arif Hasan',
    updated: '2022-05-12',
    updatedLabel: 'May 12, 2022',
    body: (
      <>
        <p>
          JavaScript is a programming language. Its core (variables, functions, objects, promises, classes, modules) is defined by the
          ECMAScript standard, and it says nothing about files, networks or web pages. To do anything useful, JavaScript has to run inside a
          host environment that contains a JavaScript engine and adds its own APIs on top of the language.
        </p>
        <p>
          The browser is the classic host. It gives scripts the <Code>window</Code> and <Code>document</Code> objects, the DOM,{' '}
          <Code>fetch</Code>, local storage and events such as clicks, all inside a sandbox that cannot read the visitor&apos;s disk.
        </p>
        <p>
          Node.js is a different host: a runtime that runs JavaScript outside the browser. It is built on Google&apos;s V8 engine (the one
          in Chrome) plus libuv, a library that provides the event loop and non-blocking input and output. Instead of the DOM, Node.js
          offers modules such as <Code>fs</Code> for files, <Code>http</Code> and <Code>net</Code> for networking, <Code>process</Code>,
          streams and <Code>Buffer</Code>, and it comes with npm, the largest package registry for JavaScript.
        </p>
        <p>
          In short: JavaScript is the language, Node.js is one place where the language runs. The same syntax works in both, but code that
          touches <Code>document</Code> only works in a browser, and code that reads files with <Code>fs</Code> only works in Node.js.
          Node.js is what powers web servers and APIs, command-line tools and build tools written in JavaScript.
        </p>
      </>
    ),
  },
  {
    id: 'quizetwo',
    title: 'When should you use Node.js, and when should you use a document database like MongoDB?',
    author: 'Arif Hasan',
    updated: '2022-05-15',
    updatedLabel: 'May 15, 2022',
    body: (
      <>
        <p>
          Node.js and MongoDB are not alternatives to each other; they solve different problems and are often used together. Node.js runs
          your application code: it receives HTTP requests, checks who the user is, applies business rules and sends responses. MongoDB
          stores and queries your data. A typical stack has the browser talk to a Node.js API, and only the API talks to MongoDB through its
          driver.
        </p>
        <p>
          Use Node.js when the work is mostly waiting on input and output: REST or GraphQL APIs, real-time features over WebSockets such as
          chat or live dashboards, streaming, and services that hold many connections open at once. Its single-threaded event loop handles
          thousands of concurrent requests without a thread per request. It is a weaker fit for long CPU-heavy work such as video encoding
          or large number crunching, which blocks the event loop unless moved to worker threads or another service.
        </p>
        <p>
          Use a document database like MongoDB when your data naturally looks like JSON documents: an entity with nested details that you
          usually read and write as a whole, such as a book with its author, publisher, price and stock. Documents in a collection can
          differ in shape, so the model can evolve without migrations, and replica sets and sharding let it scale out. MongoDB also supports
          multi-document ACID transactions when you need them.
        </p>
        <p>
          Prefer a relational database instead when the data is heavily interconnected and you rely on many joins, strict foreign-key
          constraints or complex reporting across tables. Whichever database you choose, Node.js can still be the server in front of it.
        </p>
      </>
    ),
  },
  {
    id: 'quizethree',
    title: 'What are the differences between SQL and NoSQL databases?',
    author: 'Arif Hasan',
    updated: '2022-05-19',
    updatedLabel: 'May 19, 2022',
    body: (
      <>
        <p>
          SQL (relational) databases such as PostgreSQL, MySQL and SQL Server store data in tables of rows and columns. The schema is
          declared up front, every row in a table has the same columns, and relationships are expressed with foreign keys and combined at
          query time with joins. They all speak SQL, a standard declarative query language.
        </p>
        <p>
          NoSQL is an umbrella term for databases that do not use the relational table model. The main kinds are document stores (MongoDB),
          key-value stores (Redis, DynamoDB), wide-column stores (Cassandra) and graph databases (Neo4j). Their schemas are flexible: two
          records in the same collection may have different fields, and related data is often embedded in one record instead of being
          joined. Each product has its own query API rather than a shared language.
        </p>
        <p>
          They also differ in how they scale and in their guarantees. Relational databases are traditionally scaled vertically on a bigger
          server, with read replicas or sharding added later, and they offer strong ACID transactions across tables. Many NoSQL databases
          were designed from the start to spread data across many machines, and some trade immediate consistency for availability (eventual
          consistency), though several, MongoDB among them, now support ACID transactions too.
        </p>
        <p>
          Choose SQL for structured data with many relationships and strict integrity rules, such as accounting, orders and payments. Choose
          NoSQL for flexible or fast-changing data, very high write volumes, caching and sessions, or access patterns that read a whole
          object at once, such as product catalogues and event logs.
        </p>
      </>
    ),
  },
  {
    id: 'quizefour',
    title: 'What is the purpose of JWT, and how does it work?',
    author: 'Arif Hasan',
    updated: '2022-05-24',
    updatedLabel: 'May 24, 2022',
    body: (
      <>
        <p>
          A JSON Web Token (JWT, defined in RFC 7519) is a compact, URL-safe way to pass a set of claims, such as &quot;this request comes
          from user 42&quot;, between two parties so that the receiver can check that nobody has changed them. Its main purpose is
          authentication and authorisation for APIs: after a user signs in, the server issues a token, and the client sends it with every
          request, usually in the <Code>Authorization: Bearer &lt;token&gt;</Code> header. The server can verify it without looking up a
          session in a database.
        </p>
        <p>
          A signed JWT has three base64url-encoded parts joined by dots: <Code>header.payload.signature</Code>. The header names the signing
          algorithm, for example <Code>HS256</Code> (HMAC with a shared secret) or <Code>RS256</Code> (RSA with a private and public key
          pair). The payload holds the claims: standard ones such as <Code>sub</Code> (subject), <Code>iss</Code> (issuer), <Code>aud</Code>{' '}
          (audience), <Code>iat</Code> (issued at) and <Code>exp</Code> (expiry), plus any custom fields. The signature is computed over the
          encoded header and payload with the secret or private key.
        </p>
        <p>
          To verify a token, the server recomputes or checks the signature with the shared secret or the public key, rejects the token if a
          single character of the header or payload was changed, and then checks the claims: that it has not expired, that it was issued by
          the expected issuer for the expected audience, and that it uses the algorithm the server expects.
        </p>
        <p>
          Signed is not the same as encrypted: anyone who holds the token can decode and read the payload, so never put passwords or other
          secrets in it (JWE exists when encryption is needed). Because a valid token stays valid until it expires, keep lifetimes short and
          renew them with a refresh mechanism, and store tokens where page scripts cannot easily steal them rather than in{' '}
          <Code>localStorage</Code>.
        </p>
      </>
    ),
  },
];

export function BlogPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:px-8">
      <header className="mb-8">
        <p className="text-sm font-semibold uppercase tracking-wide text-amber-700">Blog</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-800 sm:text-4xl">Questions and answers</h1>
        <p className="mt-2 max-w-2xl text-slate-600">Short articles on the technology behind Book Warehouse.</p>
      </header>

      <div className="grid gap-8 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <nav aria-label="Articles" className="lg:sticky lg:top-24 lg:self-start">
          <ul className="rounded-xl bg-white p-2 shadow-sm ring-1 ring-slate-100">
            {articles.map((article, index) => (
              <li key={article.id}>
                <a
                  href={`#${article.id}`}
                  className="flex gap-3 rounded-lg px-3 py-2 text-sm text-slate-700 hover:bg-amber-50 hover:text-amber-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600"
                >
                  <span aria-hidden="true" className="font-semibold text-amber-700">
                    {index + 1}.
                  </span>
                  <span>{article.title}</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="space-y-8">
          {articles.map((article) => (
            <article
              key={article.id}
              id={article.id}
              aria-labelledby={`${article.id}-title`}
              className="scroll-mt-24 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-100 sm:p-8"
            >
              <header>
                <h2 id={`${article.id}-title`} className="text-xl font-bold text-slate-800 sm:text-2xl">
                  {article.title}
                </h2>
                <p className="mt-2 text-sm text-slate-600">{`By ${article.author}`}</p>
                <p className="text-sm text-slate-500">
                  Last updated: <time dateTime={article.updated}>{article.updatedLabel}</time>
                </p>
              </header>
              <div className="mt-5 space-y-4 leading-relaxed text-slate-700">{article.body}</div>
            </article>
          ))}
        </div>
      </div>
    </div>
  );
}
