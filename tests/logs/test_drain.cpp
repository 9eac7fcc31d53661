// Drain as algorithms.md section 1 specifies it, the training-log masks, the PCRE2 masks and
// the built-in templates.

#include "core/logs/BuiltinTemplates.h"
#include "core/logs/GroupingAccuracy.h"
#include "core/logs/LogHeaderFormat.h"
#include "core/logs/LogMasker.h"
#include "core/logs/LogModel.h"
#include "core/logs/TemplateMiner.h"

#include <QtTest>

#include <set>
#include <stdexcept>

using namespace rankscope;

namespace {

DrainParams drainOnly(int depth = 4, double similarity = 0.4, int maxChildren = 100)
{
    DrainParams params;
    params.depth = depth;
    params.similarity = similarity;
    params.maxChildren = maxChildren;
    params.builtinTemplates = false;
    return params;
}

QString text(const TemplateMiner &miner, TemplateId id)
{
    return QString::fromStdString(miner.templ(id).text);
}

std::string builtinName(std::string_view content)
{
    const auto match = BuiltinTemplates::instance().match(content);
    if (!match)
        return "";
    std::string name(BuiltinTemplates::instance().find(match->id)->name);
    if (!match->variant.empty())
        name += "/" + match->variant;
    return name;
}

} // namespace

class TestDrain : public QObject
{
    Q_OBJECT

private slots:
    void mergesSimilarMessagesIntoWildcards()
    {
        TemplateMiner miner(drainOnly(), LogMasker::none());
        const TemplateId a = miner.add("connected to worker alpha in zone east");
        const TemplateId b = miner.add("connected to worker beta in zone east");
        QCOMPARE(a, b);
        QCOMPARE(text(miner, a), QStringLiteral("connected to worker <*> in zone east"));
        QCOMPARE(miner.templ(a).size, 2);
        QCOMPARE(miner.size(), std::size_t{1});
    }

    void routesByTokenCount()
    {
        TemplateMiner miner(drainOnly(), LogMasker::none());
        const TemplateId a = miner.add("job started");
        const TemplateId b = miner.add("job started now");
        QVERIFY(a != b);
    }

    void routesByFirstTokenAtDepthFour()
    {
        // Depth 4 = one prefix token: equal tails but different first tokens never meet.
        TemplateMiner miner(drainOnly(4, 0.1), LogMasker::none());
        const TemplateId a = miner.add("alpha x y z");
        const TemplateId b = miner.add("beta x y z");
        QVERIFY(a != b);
        // Depth 5 routes on two tokens: a different second token separates too.
        TemplateMiner deeper(drainOnly(5, 0.1), LogMasker::none());
        QVERIFY(deeper.add("alpha one y z") != deeper.add("alpha two y z"));
        QCOMPARE(deeper.add("alpha one q z"), deeper.add("alpha one y z"));
    }

    void similarityThreshold()
    {
        // 2 of 4 tokens equal = 0.5: joins at st 0.5, not at st 0.6.
        TemplateMiner loose(drainOnly(4, 0.5), LogMasker::none());
        QCOMPARE(loose.add("a b c d"), loose.add("a b x y"));
        TemplateMiner strict(drainOnly(4, 0.6), LogMasker::none());
        QVERIFY(strict.add("a b c d") != strict.add("a b x y"));
    }

    void wildcardsCountAgainstSimilarity()
    {
        // Wildcards are in the denominator, not the numerator (include_params=False): after
        // "a <*> <*> d", "a q r z" shares 1 of 4 (0.25 < 0.4) and starts a new cluster.
        TemplateMiner miner(drainOnly(4, 0.4), LogMasker::none());
        const TemplateId first = miner.add("a b c d");
        QCOMPARE(miner.add("a x y d"), first);
        QCOMPARE(text(miner, first), QStringLiteral("a <*> <*> d"));
        QVERIFY(miner.add("a q r z") != first);
    }

    void tieBreakPrefersMoreWildcards()
    {
        TemplateMiner miner(drainOnly(4, 0.3), LogMasker::none());
        const TemplateId specific = miner.add("a p q r s t"); // first in the leaf
        const TemplateId general = miner.add("a b c d e f");
        QVERIFY(specific != general);
        QCOMPARE(miner.add("a b c x y z"), general); // "a b c <*> <*> <*>"
        // "a b c r s z": 3 of 6 with both; the tie goes to the one with more wildcards.
        QCOMPARE(miner.add("a b c r s z"), general);
        QCOMPARE(miner.templ(specific).size, 1);
    }

    void numericTokensRouteToWildcard()
    {
        // "17" has a digit: routed through the wildcard child, so "worker 17 ..." and
        // "worker 18 ..." share a leaf although the first template keeps "17" literally.
        TemplateMiner miner(drainOnly(5, 0.5), LogMasker::none());
        const TemplateId a = miner.add("worker 17 joined the group");
        QCOMPARE(text(miner, a), QStringLiteral("worker 17 joined the group"));
        QCOMPARE(miner.add("worker 18 joined the group"), a);
        QCOMPARE(text(miner, a), QStringLiteral("worker <*> joined the group"));
        DrainParams literal = drainOnly(5, 0.5);
        literal.parametrizeNumericTokens = false;
        TemplateMiner byValue(literal, LogMasker::none());
        QVERIFY(byValue.add("worker 17 joined the group") !=
                byValue.add("worker 18 joined the group"));
    }

    void maxChildrenSendsOverflowToWildcard()
    {
        // maxChildren 3: two literal children, then the wildcard child takes the last slot and
        // every later first token shares it.
        TemplateMiner miner(drainOnly(4, 0.5, 3), LogMasker::none());
        const TemplateId a = miner.add("alpha x y z");
        const TemplateId b = miner.add("beta x y z");
        const TemplateId c = miner.add("gamma x y z"); // creates the wildcard child
        const TemplateId d = miner.add("delta x y z"); // routed to the wildcard child, joins c
        QVERIFY(a != b && b != c);
        QCOMPARE(d, c);
        QCOMPARE(text(miner, c), QStringLiteral("<*> x y z"));
        QCOMPARE(miner.add("alpha x y q"), a); // an existing literal child still routes
    }

    void oneTokenMessagesFollowDrain3()
    {
        // Drain3's rule: a one-token message is not routed by its token; equal ones share a
        // cluster, different ones do not (similarity 0).
        TemplateMiner miner(drainOnly(), LogMasker::none());
        const TemplateId a = miner.add("Done");
        QCOMPARE(miner.add("Done"), a);
        QVERIFY(miner.add("Started") != a);
        QCOMPARE(miner.add(""), miner.add("   "));
    }

    void extraDelimiters()
    {
        DrainParams params = drainOnly();
        params.extraDelimiters = "_";
        TemplateMiner miner(params, LogMasker::none());
        const TemplateId id = miner.add("peer_one connected");
        QCOMPARE(text(miner, id), QStringLiteral("peer one connected"));
    }

    void matchNeverChangesAndFallsBack()
    {
        TemplateMiner miner(drainOnly(4, 0.4, 3), LogMasker::none());
        const TemplateId general = miner.add("open file a now");
        miner.add("open file b now"); // "open file <*> now"
        QCOMPARE(miner.match("open file zzz now"), std::optional<TemplateId>(general));
        QCOMPARE(miner.match("open file zzz later"), std::nullopt);
        QCOMPARE(miner.templ(general).size, 2);
        QCOMPARE(miner.size(), std::size_t{1});
        // Fallback: "<*> x y" lives under the wildcard child; once a literal child "bar"
        // exists, the tree search for "bar x y" ends in that child's leaf and fails, and only
        // the scan of every same-length cluster finds the template.
        TemplateMiner tree(drainOnly(), LogMasker::none());
        const TemplateId wild = tree.add("1foo x y"); // digit: stored under the wildcard child
        QCOMPARE(tree.add("bar x y"), wild);          // no "bar" child yet: joins, "<*> x y"
        QVERIFY(tree.add("bar p q") != wild);         // creates the literal child "bar"
        QCOMPARE(tree.match("bar x y"), std::optional<TemplateId>(wild));
        QCOMPARE(tree.match("bar x z"), std::nullopt);
    }

    void defaultMasksWithKinds()
    {
        const LogMasker masker = LogMasker::defaults();
        std::vector<MaskedParameter> params;
        const std::string masked = masker.mask(
            "rank=37 at 0x7f3a on node-17.cluster.local 10.0.0.1:29500 gpu-a100-003 wrote "
            "/ckpt/iter_0001/model.pt 2024-05-01T12:31:04.123Z id "
            "123e4567-e89b-12d3-a456-426614174000 loss 6.5E+00 step 1520 took 12:31:04 ms 10ms",
            &params);
        QCOMPARE(QString::fromStdString(masked),
                 QStringLiteral("rank=<RANK> at <HEX> on <HOST> <IP> <HOST> wrote <PATH> <TIME> id "
                                "<UUID> loss <NUM> step <NUM> took <TIME> ms 10ms"));
        const std::vector<std::pair<MaskKind, std::string>> expected = {
            {MaskKind::Rank, "37"},
            {MaskKind::Hex, "0x7f3a"},
            {MaskKind::Host, "node-17.cluster.local"},
            {MaskKind::Address, "10.0.0.1:29500"},
            {MaskKind::Host, "gpu-a100-003"},
            {MaskKind::Path, "/ckpt/iter_0001/model.pt"},
            {MaskKind::Time, "2024-05-01T12:31:04.123Z"},
            {MaskKind::Uuid, "123e4567-e89b-12d3-a456-426614174000"},
            {MaskKind::Float, "6.5E+00"},
            {MaskKind::Number, "1520"},
            {MaskKind::Time, "12:31:04"},
        };
        QCOMPARE(params.size(), expected.size());
        for (std::size_t i = 0; i < expected.size(); ++i) {
            QCOMPARE(params[i].kind, expected[i].first);
            QCOMPARE(params[i].value, expected[i].second);
        }
        QCOMPARE(std::string(maskKindKey(MaskKind::Address)), std::string("address"));
    }

    void defaultMasksLeaveWordsAlone()
    {
        const LogMasker masker = LogMasker::defaults();
        QCOMPARE(masker.mask("[rank3]: using utf-8 and python3 with -1 and x=-2.5 blk_42"),
                 std::string("[rank<RANK>]: using utf-<NUM> and python3 with <NUM> and x=<NUM> "
                             "blk_<NUM>"));
        QCOMPARE(masker.mask("Rank: 5 of 8, local_rank 0"),
                 std::string("Rank: <RANK> of <NUM>, local_rank <RANK>"));
        QCOMPARE(masker.mask("version 2.14.3 and r6i4n5:37339"),
                 std::string("version <NUM> and r6i4n5:<NUM>"));
        // NCCL's "host:pid:tid [dev]" header names the host even when it looks like a word.
        QCOMPARE(
            masker.mask("r6i4n5:37339:37557 [0] NCCL INFO Channel 00/02 : 0 1"),
            std::string("<HOST>:<NUM>:<NUM> [<NUM>] NCCL INFO Channel <NUM>/<NUM> : <NUM> <NUM>"));
        QCOMPARE(masker.mask("see r6i4n5:37339:37557 [0] here"),
                 std::string("see r6i4n5:<NUM>:<NUM> [<NUM>] here"));
        QCOMPARE(LogMasker::defaults(MaskPlaceholders::Wildcard).mask("step 3 of /a/b"),
                 std::string("step <*> of <*>"));
        QCOMPARE(LogMasker::none().mask("step 3"), std::string("step 3"));
    }

    void regexMasksLikeLogparser()
    {
        const LogMasker masker = LogMasker::fromRegexes({"blk_-?\\d+", "(\\d+\\.){3}\\d+(:\\d+)?"});
        std::vector<MaskedParameter> params;
        QCOMPARE(masker.mask("Received block blk_-160 of size 91 from /10.250.10.6:40524", &params),
                 std::string("Received block <*> of size 91 from /<*>"));
        QCOMPARE(params.size(), std::size_t{2});
        QCOMPARE(params[0].value, std::string("blk_-160"));
        QCOMPARE(params[1].kind, MaskKind::Custom);
        // Empty matches as Python 3.7+ re.sub: "x*" on "abxd" gives "-a-b--d-".
        QCOMPARE(LogMasker::fromRegexes({"x*"}).mask("abxd"), std::string("<*>a<*>b<*><*>d<*>"));
        // Lookbehind and \b, as logparser's regexes use them.
        QCOMPARE(LogMasker::fromRegexes({"\\b(\\-?\\+?\\d+)\\b"}).mask("pid 12 at x12"),
                 std::string("pid <*> at x12"));
        try {
            LogMasker::fromRegexes({"ok", "(unclosed"});
            QFAIL("an invalid regex must throw");
        } catch (const std::invalid_argument &error) {
            QVERIFY(QByteArray(error.what()).contains("(unclosed"));
            QVERIFY(QByteArray(error.what()).contains("offset"));
        }
    }

    void headerFormatLikeLogparser()
    {
        QCOMPARE(LogHeaderFormat::toRegex("<Date> <Time>  \\[<Level>\\] <Content>"),
                 std::string("^(?P<Date>.*?)\\s+(?P<Time>.*?)\\s+\\[(?P<Level>.*?)\\]\\s+"
                             "(?P<Content>.*?)$"));
        const LogHeaderFormat format("<Date> <Time> <Level> <Component>: <Content>");
        QCOMPARE(format.content("  081109 203615 INFO dfs.DataNode: Receiving block x  \r"),
                 std::optional<std::string_view>("Receiving block x"));
        QCOMPARE(format.content("no header here"), std::nullopt);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, LogHeaderFormat("<Date> <Message>"));
    }

    void builtinTemplates_data()
    {
        QTest::addColumn<QString>("content");
        QTest::addColumn<QString>("expected");
        auto row = [](const char *name, const char *content, const char *expected) {
            QTest::newRow(name) << QString::fromUtf8(content) << QString::fromUtf8(expected);
        };
        row("watchdog",
            "[Rank 37] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1520, "
            "OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600034 "
            "milliseconds before timing out.",
            "nccl-watchdog-timeout/ALLREDUCE");
        row("nccl warn", "r6i4n5:37339:37339 [0] NCCL WARN NET/IB : Got completion with error 12",
            "nccl-warn");
        row("nccl error in RuntimeError",
            "RuntimeError: NCCL error in: ProcessGroupNCCL.cpp:1269, unhandled system error",
            "nccl-error");
        row("oom", "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB",
            "cuda-oom");
        row("cuda error", "RuntimeError: CUDA error: an illegal memory access was encountered",
            "cuda-error/an illegal memory access was encountered");
        row("xid", "NVRM: Xid (PCI:0000:3b:00): 79, pid=1234, GPU has fallen off the bus.",
            "gpu-xid/79");
        row("ecc", "GPU 3: uncorrectable ECC error detected", "gpu-ecc");
        row("segfault", "Fatal Python error: Segmentation fault", "segfault");
        row("signal 11", "Signal 11 (SIGSEGV) received by PID 4242", "segfault");
        row("sigabrt", "Signal 6 (SIGABRT) received by PID 4242", "fatal-signal/SIGABRT");
        row("sigkill", "process 12 exited: SIGKILL", "fatal-signal/SIGKILL");
        row("traceback",
            "Traceback (most recent call last):\n  File \"train.py\", line 3, in <module>\n"
            "KeyError: 'lr'",
            "python-traceback/KeyError");
        row("assertion traceback",
            "Traceback (most recent call last):\n  File \"x.py\", line 1\nAssertionError: bad",
            "python-assertion");
        row("assertion line", "AssertionError: shapes differ", "python-assertion");
        row("exception line", "torch.distributed.DistBackendError: broken pipe",
            "python-exception/torch.distributed.DistBackendError");
        row("loss nan", " iteration 1520/ 2000 | lm loss: NAN | grad norm: 1.0 |",
            "loss-not-finite/NaN");
        row("loss inf", "{'loss': inf, 'learning_rate': 1e-05}", "loss-not-finite/Inf");
        row("nan iterations are no loss",
            " lm loss: 6.5E+00 | number of skipped iterations:   0 | number of nan "
            "iterations:   0 |",
            "");
        row("saving", "saving checkpoint at iteration     500 to /ckpt", "checkpoint-saving");
        row("saved", "  successfully saved checkpoint at iteration     500 to /ckpt",
            "checkpoint-saved");
        row("loading", " loading checkpoint from /ckpt at iteration 500", "checkpoint-loading");
        row("nvidia-smi header", "| Fan  Temp  Perf  Pwr:Usage/Cap| Volatile Uncorr. ECC |", "");
        row("plain", "iteration 10 done, Error rate low", "");
        // Echoes: what ranks and torchrun print after a fault (forms from PyTorch's
        // ProcessGroupNCCL.cpp and torch/distributed/elastic, as pasted in public issues).
        row("terminate called",
            "terminate called after throwing an instance of 'c10::DistBackendError'",
            "terminate-called/c10::DistBackendError");
        row("terminate with a cuda error is the cuda error",
            "terminate called after throwing an instance of 'c10::Error'\n  what():  CUDA error: "
            "an illegal memory access was encountered",
            "cuda-error/an illegal memory access was encountered");
        row("terminate with the watchdog is the watchdog",
            "terminate called after throwing an instance of 'c10::DistBackendError'\n  what():  "
            "[PG 0 Rank 5] Process group watchdog thread terminated with exception: [Rank 5] "
            "Watchdog caught collective operation timeout: WorkNCCL(SeqNum=199, "
            "OpType=_REDUCE_SCATTER_BASE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for "
            "882737 milliseconds before timing out.",
            "nccl-watchdog-timeout/_REDUCE_SCATTER_BASE");
        row("teardown",
            "[Rank 3] Some NCCL operations have failed or timed out. Due to the "
            "asynchronous nature of CUDA kernels, subsequent GPU operations might run "
            "on corrupted/incomplete data.",
            "nccl-teardown");
        row("teardown 2",
            "[Rank 3] To avoid data inconsistency, we are taking the entire "
            "process down.",
            "nccl-teardown");
        row("timeout summary",
            "[PG 0 Rank 3] Exception (either an error or timeout) detected by "
            "watchdog at work: 1127, last enqueued NCCL work: 1127, last "
            "completed NCCL work: 1126.",
            "nccl-timeout-summary");
        row("watchdog stuck",
            "[PG 3 Rank 2] [PG 3 Rank 2] ProcessGroupNCCL's watchdog got stuck "
            "for 600 seconds without making progress in monitoring enqueued "
            "collectives.",
            "nccl-watchdog-stuck");
        row("comm aborted",
            "torch.distributed.DistBackendError: NCCL communicator was aborted "
            "on rank 3.",
            "nccl-comm-aborted");
        row("closing signal",
            "torch.distributed.elastic.multiprocessing.api: [WARNING] Sending "
            "process 5938 closing signal SIGTERM",
            "launcher-closing-signal/SIGTERM");
        row("worker failed",
            "torch.distributed.elastic.multiprocessing.api: [ERROR] failed "
            "(exitcode: 1) local_rank: 2 (pid: 5939) of binary: /usr/bin/python",
            "launcher-worker-failed/1");
        row("worker killed", "failed (exitcode: -15) local_rank: 0 (pid: 12) of binary: python",
            "launcher-worker-failed/-15 (SIGTERM)");
        row("death signal",
            "torch.distributed.elastic.agent.server.api:Received 15 death "
            "signal, shutting down workers",
            "launcher-death-signal/SIGTERM");
        row("death signal name", "Received Signals.SIGTERM death signal, shutting down workers",
            "launcher-death-signal/SIGTERM");
        row("signal exception",
            "torch.distributed.elastic.multiprocessing.api.SignalException: "
            "Process 293812 got signal: 15",
            "signal-exception/SIGTERM");
        row("child failed", "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
            "elastic-child-failed");
        row("child failed traceback",
            "Traceback (most recent call last):\n  File \"/usr/local/bin/torchrun\", line 8, in "
            "<module>\n    raise ChildFailedError(\n"
            "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
            "elastic-child-failed");
        row("failure record",
            "[0]:\n  time      : 2025-05-21_15:43:03\n  host      : worker-3\n  rank      : 0 "
            "(local_rank: 0)\n  exitcode  : -9 (pid: 14750)\n  error_file: <N/A>\n  traceback : "
            "Signal 9 (SIGKILL) received by PID 14750",
            "elastic-failure-record/-9 (SIGKILL)");
        row("failure record quoting an oom",
            "[1]:\n  time      : 2025-05-21_15:43:03\n  host      : worker-3\n  rank      : 3 "
            "(local_rank: 3)\n  exitcode  : 1 (pid: 14751)\n  error_file: /tmp/error.json\n  "
            "traceback : torch.OutOfMemoryError: CUDA out of memory.",
            "elastic-failure-record/1");
        row("root cause header", "Root Cause (first observed failure):", "elastic-root-cause");
    }

    void builtinTemplates()
    {
        QFETCH(QString, content);
        QFETCH(QString, expected);
        QCOMPARE(QString::fromStdString(builtinName(content.toStdString())), expected);
    }

    void builtinsHaveFixedIdsAndSeverities()
    {
        const BuiltinTemplates &builtins = BuiltinTemplates::instance();
        QCOMPARE(builtins.findByName("nccl-watchdog-timeout")->id, 1);
        QCOMPARE(builtins.findByName("cuda-oom")->id, 2);
        QCOMPARE(builtins.findByName("nccl-watchdog-timeout")->severity, LogSeverity::Fatal);
        QCOMPARE(builtins.findByName("nccl-warn")->severity, LogSeverity::Warning);
        QCOMPARE(builtins.findByName("checkpoint-saved")->severity, LogSeverity::Info);
        QCOMPARE(builtins.findByName("elastic-failure-record")->id, 18);
        QCOMPARE(builtins.findByName("terminate-called")->id, 24);
        QCOMPARE(builtins.findByName("elastic-child-failed")->id, 29);
        std::set<int> ids;
        std::set<std::string_view> names;
        for (const BuiltinTemplate &templ : builtins.all()) {
            QVERIFY(ids.insert(templ.id).second);
            QVERIFY(names.insert(templ.name).second);
        }

        // In the miner: the built-in claims the message before Drain; one template per variant.
        TemplateMiner miner;
        std::vector<MaskedParameter> params;
        const TemplateId timeout = miner.add(
            "Watchdog caught collective operation timeout: WorkNCCL(SeqNum=5, OpType=ALLREDUCE, "
            "NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600034 milliseconds before "
            "timing out.",
            &params);
        QCOMPARE(miner.templ(timeout).builtin, 1);
        QCOMPARE(miner.templ(timeout).severity, LogSeverity::Fatal);
        QVERIFY(miner.templ(timeout).text.find("OpType=ALLREDUCE") != std::string::npos);
        QVERIFY(!params.empty());
        QCOMPARE(miner.add("Watchdog caught collective operation timeout: WorkNCCL(SeqNum=6, "
                           "OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for "
                           "600001 milliseconds before timing out."),
                 timeout);
        QVERIFY(miner.add("Watchdog caught collective operation timeout: WorkNCCL(SeqNum=6, "
                          "OpType=BROADCAST, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for "
                          "600001 milliseconds before timing out.") != timeout);
        QCOMPARE(miner.match("Watchdog caught collective operation timeout: WorkNCCL(SeqNum=9, "
                             "OpType=ALLREDUCE)"),
                 std::optional<TemplateId>(timeout));
        const TemplateId plain = miner.add("iteration 10/ 100 | lm loss: 6.1E+00 |");
        QCOMPARE(miner.templ(plain).builtin, -1);
        QCOMPARE(miner.templ(plain).severity, LogSeverity::Unknown);
        QCOMPARE(miner.templ(timeout).size, 2);
    }

    void maskedValuesCompareAsConstants()
    {
        TemplateMiner miner; // defaults: typed masks, builtins
        std::vector<MaskedParameter> params;
        const TemplateId a = miner.add(
            " iteration      10/    2000 | elapsed time per iteration (ms): 812.3 |", &params);
        QCOMPARE(
            miner.add(" iteration      20/    2000 | elapsed time per iteration (ms): 790.1 |"), a);
        QCOMPARE(
            text(miner, a),
            QStringLiteral("iteration <NUM>/ <NUM> | elapsed time per iteration (ms): <NUM> |"));
        QCOMPARE(params.size(), std::size_t{3});
        QCOMPARE(params[2].kind, MaskKind::Float);
        QVERIFY_THROWS_EXCEPTION(std::out_of_range, miner.templ(999));
    }

    void severityKeys()
    {
        QCOMPARE(logSeverityFromText("WARN"), LogSeverity::Warning);
        QCOMPARE(logSeverityFromText("[error]"), LogSeverity::Error);
        QCOMPARE(logSeverityFromText("E"), LogSeverity::Error);
        QCOMPARE(logSeverityFromText("CRITICAL"), LogSeverity::Fatal);
        QCOMPARE(logSeverityFromText("info:"), LogSeverity::Info);
        QCOMPARE(logSeverityFromText("chatter"), LogSeverity::Unknown);
        QCOMPARE(std::string(logSeverityKey(LogSeverity::Warning)), std::string("warning"));
        QCOMPARE(std::string(logFileKindKey(LogFileKind::Combined)), std::string("combined"));
    }

    void groupingAccuracyAsLogparser()
    {
        // Parsed group P1 = {E1,E1} complete; P2 = {E2} but E2 also in P3 -> split; P3 mixed.
        const GroupingScores scores =
            groupingAccuracy({"E1", "E1", "E2", "E2", "E3"}, {"P1", "P1", "P2", "P3", "P3"});
        QCOMPARE(scores.groupingAccuracy, 0.4);
        QCOMPARE(scores.truthGroups, std::size_t{3});
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, groupingAccuracy({"E1"}, {}));
    }
};

QTEST_APPLESS_MAIN(TestDrain)
#include "test_drain.moc"
