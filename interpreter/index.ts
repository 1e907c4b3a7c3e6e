/**
 * The Stela engine: plays any game written in Stela. `compile` a rule file,
 * `start` a match, then read `decision` and `options`, `apply` one, and
 * repeat; `view(player)` hides what that player may not see.
 */
export { compile, Game, StartError, type CompileResult, type StartOptions } from "./game.ts";
export { siteKey, type ChoiceSite } from "./choice-sites.ts";
export type { EngineKind } from "./runtime.ts";
export { Match, PickError, SavedStateError, type Decision, type Option } from "./match.ts";
export { optionTrace, type LoggedChoice, type OptionPlace, type ReplayObserver } from "./replay.ts";
export type { LogEntry, MatchResult, MatchState, SavedState } from "./state.ts";
export type { ApplyResult } from "./vm.ts";
export type { BoardView, DecisionView, OptionView, PieceView, SpaceView, View, ViewOptions, ZoneView } from "./view.ts";
export { pickComplete, pickId, pickSize, type PickView } from "./pick-view.ts";
export { spaceLegend } from "./space-legend.ts";
export { estimateReading, estimateReadsChanged, estimateReadsSeat, estimateSteersNote, readingsChanged } from "./estimate-reading.ts";
export { compareIds } from "./values.ts";
export { STOP_ID } from "./options.ts";
export { BOT_KINDS, formatBotSpec, makeBot, parseBotSpec, type Bot, type BotKind, type BotSpec, type Judged, type JudgedSite } from "./bots/bot.ts";
export { GreedyBot } from "./bots/greedy-bot.ts";
export { evenJudgementNote, sumJudged, untakenOptionsNote, type JudgedSeat } from "./bots/judged.ts";
export { MctsBot, type MctsBudget, type MctsSettings } from "./bots/mcts-bot.ts";
export { botRandom, mixSeed } from "./bots/seeds.ts";
export { binomialPValue, levelPerLook, meanInterval, percent, quantile, rateText, shareRate, togetherZ, spread, wilson, Z95, type PairedDifference, type Rate, type Spread } from "./bots/statistics.ts";
export { repeatedGames, repeatedGamesNote, type RepeatedGames } from "./bots/repeated-games.ts";
export { alikeNote, alikeShareNote, changeText, leavesOutZero, movesDigest, NO_MOVES, pairedChange, sameWinnersText, samePlayNote, seatsSureTogether, winnerChangesText, togetherVerdict, type PairedChange, type PlayedGame } from "./bots/paired-change.ts";
export { winningMargin, winningScore } from "./bots/winning-margin.ts";
export { balanceChange, balanceChangeText, seatBalance, seatBalanceText, type SeatBalance } from "./bots/seat-balance.ts";
export { measureChanges, measureFigureText, measureRowLabel, measureForm, measuresApart, measureSpreadText, summariseMeasures, type MeasureChange, type MeasureChangeRow, type MeasuredGame, type MeasureFigure, type MeasureSummary } from "./bots/measure-figures.ts";
export type { Measured, MeasureInfo, MeasureValue } from "./measures.ts";
export { sharedChangeLine, sharedCountsLine, sharedScore, sharedScoreLine, sharedScoreNote, sureTeamChange, teamChangeReason, type SharedScore } from "./bots/shared-score.ts";
export { changePrecision, precisionText, winPrecision, type Precision } from "./bots/precision.ts";
export { FIRST_LOOK, listed, looksText, lookSchedule, MOST_LOOKS, sureWinChange } from "./bots/looks.ts";
export { firstPlayerChange, oneSideFirstPlayerNote, firstPlayerEvidence, firstPlayerReadable, firstPlayerTest, firstPlayerText, firstToDecide, firstPlayerVerdict, formatPValue, turnOrderTest, turnOrderText, type FirstMoveGame, type FirstPlayerTest, type TurnOrderTest } from "./bots/first-player.ts";
export { compareCommand, replayCommand, runCommand, type CompareSettings, type RunSettings } from "./bots/run-command.ts";
export { RandomBot, playRandomly } from "./bots/random-bot.ts";
export { GAME_DECISION_LIMIT, NoEndError, playOut } from "./bots/play-out.ts";
export { columnName } from "./topology.ts";
export { refusedOptions, type RefusedOption, type RefusalTarget } from "./refused-options.ts";
export { boardName, cellCoords, cellKey, instanceKey, instanceNumber, instanceOwner, numberedKey, numberedKeys, spaceBoard, spaceCell, spaceKey } from "../dsl/keys.ts";
export type { BoardShape, LayoutHint } from "./board-shapes/board-shape.ts";
export { Scenario, ScenarioError, type OptionCheck, type PieceQuery, type PlaceOptions, type ScenarioPiece } from "./scenario.ts";
export { listExamples, runExample, runExamples, type ExampleFailure, type ExampleResult } from "./examples.ts";
