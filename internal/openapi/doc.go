// Package openapi checks HTTP requests against an OpenAPI 3.1
// description, Discord's (../shared/discord-api-spec/openapi.json): the
// test double of Discord (internal/fakediscord) refuses, as Discord does,
// what the description refuses, and records it so that the end-to-end
// tests can assert that the bot sent nothing else.
//
// Load reads a description; Spec.CheckRequest finds the operation of a
// method and path (literal segments, such as /users/@me or
// /messages/@original, win over parameters), checks the declared query
// parameters, the content type against those the operation takes, and
// the JSON body (or a multipart body's payload_json part) against the
// operation's schema. The schemas are checked for the subset of JSON
// Schema the description uses: type (one or several, "null" among them),
// const, enum, properties, required, additionalProperties,
// maxProperties, items, minItems, maxItems, uniqueItems, minLength and
// maxLength (in characters), minimum and maximum, pattern, the int32 and
// int64 formats, $ref to #/components/schemas, allOf, anyOf and oneOf
// (exactly one). Other keywords (descriptions, other formats) are
// ignored. Path parameters are not checked: the tests name their
// channels "c1" and threads "thread-N", not snowflakes.
//
// Parse compiles each operation once (verdict.go): CheckRequest asks
// the compiled schemas whether the request is taken, which they answer
// without wording a problem, and only a request they refuse goes through
// the checker that words its problems (schema.go). Both give the same
// verdict on every request (TestCheckRequestVerdicts, FuzzVerdict,
// FuzzNodeOK), and the problems are worded as they were before the
// compiled form (testdata/verdicts.golden). A Spec is safe for
// concurrent use.
//
// Find locates Discord's description from a test's working directory,
// and Default loads it once for the whole test binary.
package openapi
