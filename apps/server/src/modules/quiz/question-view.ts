/**
 * A stored question as the student sees it (getPassageQuestions): form words have one sub-question per word with
 * its tiles as options; categorising one per item with the categories as options; word from sentence offers the
 * sentence's words. The answer key is filled in only when `showAnswers` (staff, or a student who submitted).
 */
import { QuestionType, type Response, type contracts } from '@readalong/contracts';
import { splitWords } from '@readalong/content';
import { answerText, subQuestionCount } from './grading.js';
import type { QuestionRow } from './quiz.repository.js';

type QuestionView = Response<typeof contracts.getPassageQuestions>['questions'][number];

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** The most a question can score: one mark per part. */
export const maxMarksOf = (question: QuestionRow) => Math.max(subQuestionCount(question), 1);

export function questionView(question: QuestionRow, showAnswers: boolean): QuestionView {
  const { content } = question;
  const answer = (subQuestionNum = 0) => (showAnswers ? answerText(question, subQuestionNum) : null);
  const view: QuestionView = {
    id: question.id,
    question_num: question.questionNum,
    question_type_id: question.typeId,
    prompt: question.prompt,
    image_url: null,
    learning_outcome_ids: question.learningOutcomeIds,
    options: [],
    categories: [],
    max_marks: maxMarksOf(question),
    answer: answer(),
    sub_questions: [],
  };
  switch (question.typeId) {
    case QuestionType.MCQ:
    case QuestionType.DiscardOption:
      return { ...view, options: strings(content.options) };
    case QuestionType.Sequencing:
      return { ...view, options: strings(content.items) };
    case QuestionType.WordFromSentence:
      return { ...view, options: splitWords(typeof content.sentence === 'string' ? content.sentence : '') };
    case QuestionType.FormWords: {
      const words = Array.isArray(content.words) ? (content.words as { tiles?: unknown }[]) : [];
      return {
        ...view,
        sub_questions: words.map((word, index) => ({
          sub_question_num: index + 1,
          prompt: `Word ${index + 1}`,
          options: strings(word.tiles),
          categories: [],
          max_marks: 1,
          answer: answer(index + 1),
        })),
      };
    }
    case QuestionType.Categorising: {
      const categories = strings(content.categories);
      const items = strings(content.items);
      return {
        ...view,
        options: items,
        categories,
        sub_questions: items.map((item, index) => ({
          sub_question_num: index + 1,
          prompt: item,
          options: categories,
          categories,
          max_marks: 1,
          answer: answer(index + 1),
        })),
      };
    }
    default:
      return view;
  }
}
