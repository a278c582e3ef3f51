// ESLint rule `local/max-lines-per-class`: a class body over `max` lines fails, as a function over
// its limit fails max-lines-per-function (whose methods each stay short while the class grows
// without bound). Counts from the `class` line to the closing brace; with skipBlankLines and
// skipComments, blank lines and lines holding only a comment do not count. Options:
// `{ max: 150, skipBlankLines: false, skipComments: false }` or just the number.
// Plain JavaScript: eslint.config.js loads it without a TypeScript loader.

/** Lines (1-based) that hold only comment text. */
function commentOnlyLines(sourceCode) {
  const only = new Set();
  for (const comment of sourceCode.getAllComments()) {
    let start = comment.loc.start.line;
    let end = comment.loc.end.line;
    const before = sourceCode.getTokenBefore(comment, { includeComments: true });
    const after = sourceCode.getTokenAfter(comment, { includeComments: true });
    if (before && before.loc.end.line === start) start++;
    if (after && after.loc.start.line === end) end--;
    for (let line = start; line <= end; line++) only.add(line);
  }
  return only;
}

function optionsOf(option) {
  if (typeof option === 'number') return { max: option, skipBlankLines: false, skipComments: false };
  return { max: option?.max ?? 150, skipBlankLines: !!option?.skipBlankLines, skipComments: !!option?.skipComments };
}

/** @type {import('eslint').Rule.RuleModule} */
export const maxLinesPerClass = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Enforce a maximum number of lines of code in a class' },
    schema: [
      {
        oneOf: [
          { type: 'integer', minimum: 0 },
          {
            type: 'object',
            properties: { max: { type: 'integer', minimum: 0 }, skipBlankLines: { type: 'boolean' }, skipComments: { type: 'boolean' } },
            additionalProperties: false,
          },
        ],
      },
    ],
    messages: {
      exceed: '{{name}} has too many lines ({{lineCount}}). Maximum allowed is {{maxLines}}: split it into modules along its jobs.',
    },
  },

  create(context) {
    const { max, skipBlankLines, skipComments } = optionsOf(context.options[0]);
    const { sourceCode } = context;
    const comments = skipComments ? commentOnlyLines(sourceCode) : new Set();

    function check(node) {
      let lineCount = 0;
      for (let line = node.loc.start.line; line <= node.loc.end.line; line++) {
        if (comments.has(line)) continue;
        if (skipBlankLines && /^\s*$/u.test(sourceCode.lines[line - 1])) continue;
        lineCount++;
      }
      if (lineCount <= max) return;
      const name = node.id ? `Class '${node.id.name}'` : 'Class';
      context.report({ node: node.id ?? node, messageId: 'exceed', data: { name, lineCount, maxLines: max } });
    }

    return { ClassDeclaration: check, ClassExpression: check };
  },
};

/** The repo's own rules, as the ESLint plugin `local`. */
export const localRules = { rules: { 'max-lines-per-class': maxLinesPerClass } };
