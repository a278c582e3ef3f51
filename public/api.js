// Renders the OpenAPI document of GET /api/openapi.json (server/http/openapi.ts) as plain,
// nested lists: no dependencies, no inline script (the CSP forbids it).
/* global document, fetch, URL */
'use strict';

(function () {
  const METHODS = ['get', 'post', 'put', 'delete'];
  const CONSTRAINTS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'pattern', 'format', 'minItems', 'maxItems', 'default'];

  /** An element with attributes and children (strings become text, never HTML). */
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) node.append(typeof c === 'string' ? document.createTextNode(c) : c);
    return node;
  }

  const refName = (ref) => ref.split('/').pop();
  const anchor = (kind, name) => `${kind}-${String(name).replace(/[^A-Za-z0-9_-]/g, '-')}`;
  const show = (v) => JSON.stringify(v);

  /** One line describing a schema: type, enum/const, constraints, vendor extensions. */
  function summary(schema) {
    const parts = [];
    if (schema.$ref) parts.push(el('a', { href: `#${anchor('schema', refName(schema.$ref))}` }, refName(schema.$ref)));
    if (schema.type) parts.push([].concat(schema.type).join(' | '));
    if ('const' in schema) parts.push(`= ${show(schema.const)}`);
    if (schema.enum) parts.push(`one of ${schema.enum.map((v) => (v === '' ? '"" (all)' : show(v))).join(', ')}`);
    for (const k of CONSTRAINTS) if (k in schema) parts.push(`${k} ${show(schema[k])}`);
    for (const k of Object.keys(schema)) if (k.startsWith('x-')) parts.push(`${k} ${show(schema[k])}`);
    if (schema.additionalProperties === false) parts.push('no other fields');
    if (schema.description) parts.push(`— ${schema.description}`);
    const out = [];
    parts.forEach((p, i) => out.push(i ? (typeof p === 'string' ? `, ${p}` : [', ', p]) : p));
    return out.length ? out : [schema.anyOf || schema.oneOf || schema.allOf ? '' : 'any'];
  }

  /** A schema as a nested list: object fields, array items, alternatives. */
  function schemaList(schema, depth) {
    if (!schema || typeof schema !== 'object' || depth > 8) return null;
    const items = [];
    const required = new Set(schema.required || []);
    for (const [name, prop] of Object.entries(schema.properties || {})) {
      items.push(el('li', {}, el('code', {}, name), required.has(name) ? ' (required): ' : ': ', summary(prop), schemaList(prop, depth + 1)));
    }
    if (schema.items && typeof schema.items === 'object') items.push(el('li', {}, 'items: ', summary(schema.items), schemaList(schema.items, depth + 1)));
    for (const k of ['anyOf', 'oneOf', 'allOf']) {
      if (!Array.isArray(schema[k])) continue;
      const label = k === 'allOf' ? 'all of' : 'one of';
      items.push(el('li', {}, `${label}:`, el('ul', { class: 'schema' }, schema[k].map((s) => el('li', {}, summary(s), schemaList(s, depth + 1))))));
    }
    return items.length ? el('ul', { class: 'schema' }, items) : null;
  }

  const block = (schema) => [summary(schema), schemaList(schema, 0)];

  function parameters(doc, op) {
    const params = (op.parameters || []).map((p) => (p.$ref ? doc.components.parameters[refName(p.$ref)] : p));
    if (!params.length) return null;
    return el(
      'ul',
      { class: 'schema' },
      params.map((p) => el('li', {}, el('code', {}, p.name), ` (${p.in}${p.required ? ', required' : ''}): `, summary(p.schema || {}), schemaList(p.schema, 1))),
    );
  }

  function endpoint(doc, path, method, op) {
    const auth = (op.security || []).length > 0;
    const json = (content) => content && content['application/json'] && content['application/json'].schema;
    const ok = json(op.responses['200'].content);
    const success = ok && ok.oneOf ? ok.oneOf[0] : ok;
    const data = success && success.properties ? success.properties.data : undefined;
    const body = op.requestBody && json(op.requestBody.content);
    const id = anchor('op', op.operationId);
    return el(
      'section',
      { class: 'endpoint', 'aria-labelledby': id },
      el('h3', { id }, el('span', { class: `method ${method}` }, method.toUpperCase()), el('span', { class: 'path' }, path)),
      el(
        'dl',
        {},
        el('dt', {}, 'Name'),
        el('dd', {}, el('code', {}, (op['x-endpoints'] || [{ name: op.operationId }]).map((e) => e.name).join(', '))),
        el('dt', {}, 'Screen'),
        el('dd', {}, op.summary || ''),
        el('dt', {}, 'Auth'),
        el('dd', {}, auth ? 'X-Token header (logged in)' : 'public'),
        el('dt', {}, 'Parameters'),
        el('dd', {}, parameters(doc, op) || 'none'),
        el('dt', {}, 'Request body'),
        el('dd', {}, body ? block(body) : 'none'),
        el('dt', {}, 'Response data'),
        el('dd', {}, data ? block(data) : 'any'),
        el('dt', {}, 'Codes'),
        el('dd', {}, el('pre', {}, op.responses['200'].description)),
      ),
      op.description ? el('p', { class: 'muted' }, op.description) : null,
    );
  }

  function render(doc) {
    const groups = new Map();
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const method of METHODS) {
        if (!item[method]) continue;
        const group = (item[method].tags || [path.split('/')[1]])[0];
        if (!groups.has(group)) groups.set(group, []);
        groups.get(group).push(endpoint(doc, path, method, item[method]));
      }
    }
    const names = [...groups.keys()].sort();
    const schemas = Object.entries(doc.components.schemas || {});
    document.getElementById('groups').append(
      el('ul', {}, names.map((g) => el('li', {}, el('a', { href: `#${anchor('group', g)}` }, `/${g}`))), el('li', {}, el('a', { href: '#schemas' }, 'Schemas'))),
    );
    const main = document.getElementById('api');
    main.replaceChildren(
      el('p', {}, `Version ${doc.info.version}. Every path is under ${(doc.servers && doc.servers[0].url) || '/'}; every response is the envelope {code, msg, data} (code 0 is success).`),
      ...names.map((g) => el('section', { 'aria-labelledby': anchor('group', g) }, el('h2', { id: anchor('group', g) }, `/${g}`), groups.get(g))),
      el(
        'section',
        { 'aria-labelledby': 'schemas' },
        el('h2', { id: 'schemas' }, 'Schemas'),
        schemas.map(([name, s]) => el('section', { class: 'endpoint', 'aria-labelledby': anchor('schema', name) }, el('h3', { id: anchor('schema', name) }, name), s.description ? el('pre', {}, s.description) : null, schemaList(s, 0))),
      ),
    );
    main.setAttribute('aria-busy', 'false');
  }

  fetch(new URL('api/openapi.json', document.baseURI), { headers: { accept: 'application/json' } })
    .then((res) => {
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return res.json();
    })
    .then(render)
    .catch((error) => {
      document.getElementById('status').textContent = `The API description could not be loaded (${error.message}).`;
      document.getElementById('api').setAttribute('aria-busy', 'false');
    });
})();
