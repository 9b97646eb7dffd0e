// The commit-msg hook (package.json "simple-git-hooks"): a subject of at most 72 characters, then a blank line
// before the body, so `git log --oneline` stays readable and the why has its place in the body.
import fs from 'node:fs';

const MAX_SUBJECT = 72;
const lines = fs
  .readFileSync(process.argv[2], 'utf8')
  .split('\n')
  .filter((line) => !line.startsWith('#'));
const [subject = '', second = ''] = lines;
const problems = [
  subject.trim() === '' && 'the subject is empty',
  subject.length > MAX_SUBJECT && `the subject has ${subject.length} characters; keep it to ${MAX_SUBJECT} and put the why in the body`,
  second.trim() !== '' && 'leave the second line blank: the body starts on the third',
].filter(Boolean);
if (problems.length) {
  console.error(`commit-msg: ${problems.join('; ')}`);
  process.exit(1);
}
