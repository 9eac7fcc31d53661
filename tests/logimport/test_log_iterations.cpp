// Training-progress lines become LogIterationRecords: Megatron-LM, DeepSpeed, Hugging Face
// Trainer dicts and tqdm progress bars (redrawn with '\r').

#include "LogTestSupport.h"

#include <cmath>

using namespace rankscope;
using namespace rankscope_test;

class LogIterationsTest : public QObject
{
    Q_OBJECT

private slots:
    void megatron();
    void deepSpeedAndMegatronSameStep();
    void hfTrainerWithProgressBar();
    void notProgressLines();
};

void LogIterationsTest::megatron()
{
    const ParsedLog log = importText(
        "[rank7]: [2026-11-29 12:31:04] iteration     1520/  500000 | consumed samples: 778240 | "
        "elapsed time per iteration (ms): 1234.5 | learning rate: 2.999E-04 | global batch size: "
        "  512 | lm loss: 2.345678E+00 | loss scale: 65536.0 | number of skipped iterations:   0 "
        "|\n"
        "[rank7]:  iteration     1521/  500000 | consumed samples: 778752 | elapsed time per "
        "iteration (ms): 1301.0 | learning rate: 3.000E-04 | loss scale: 65536.0 |\n");
    QCOMPARE(log.iterations.size(), std::size_t(2));
    const LogIterationRecord &first = log.iterations[0];
    QCOMPARE(first.rank, 7);
    QCOMPARE(first.iteration, std::int64_t(1520));
    QCOMPARE(first.stepTimeMs, 1234.5);
    QCOMPARE(first.loss, 2.345678);
    QCOMPARE(first.learningRate, 2.999e-4);
    QCOMPARE(qs(first.framework), QStringLiteral("megatron"));
    QCOMPARE(first.line, 1u);
    QVERIFY(first.timeNs > 0);
    QCOMPARE(log.iterations[1].iteration, std::int64_t(1521));
    QVERIFY(std::isnan(log.iterations[1].loss));
    QCOMPARE(log.iterations[1].timeNs, first.timeNs); // inherited
    // The progress lines stay events too, for templates.
    QCOMPARE(log.events.size(), std::size_t(2));
}

void LogIterationsTest::deepSpeedAndMegatronSameStep()
{
    const ParsedLog log = importText(
        "steps: 2 loss: 12.8004 iter time (s): 145.206 samples/sec: 7.052\n"
        " iteration        2/    1000 | elapsed time per iteration (ms): 145207.0 | learning "
        "rate: 3.750E-05 | lm loss: 1.280042E+01 | loss scale: 1024.0 |\n"
        "steps: 3 loss: 12.9 iter time (s): 140.5 samples/sec: 7.1\n");
    QCOMPARE(log.iterations.size(), std::size_t(2));
    // One record per step, with Megatron's more precise figures.
    QCOMPARE(log.iterations[0].iteration, std::int64_t(2));
    QCOMPARE(qs(log.iterations[0].framework), QStringLiteral("megatron"));
    QCOMPARE(log.iterations[0].stepTimeMs, 145207.0);
    QCOMPARE(log.iterations[0].loss, 12.80042);
    QCOMPARE(log.iterations[0].learningRate, 3.75e-5);
    QCOMPARE(log.iterations[1].iteration, std::int64_t(3));
    QVERIFY(std::abs(log.iterations[1].stepTimeMs - 140500.0) < 0.01);
}

void LogIterationsTest::hfTrainerWithProgressBar()
{
    const std::string text = readFixture("hf_trainer_rank0.log");
    QVERIFY(!text.empty());
    const ParsedLog log = importText(text, "logs/rank0/hf_trainer_rank0.log");
    QVERIFY2(log.problems.empty(), qPrintable(problemsText(log)));
    // tqdm states 1/3 and 2/3, the dict (step 2, from the bar: one record with the bar's
    // step time and the dict's loss), then 3/3.
    QCOMPARE(log.iterations.size(), std::size_t(3));
    QCOMPARE(qs(log.iterations[0].framework), QStringLiteral("tqdm"));
    QCOMPARE(log.iterations[0].iteration, std::int64_t(1));
    QVERIFY(std::abs(log.iterations[0].stepTimeMs - 2100.0) < 1e-6);
    QVERIFY(std::isnan(log.iterations[0].loss));
    QCOMPARE(qs(log.iterations[1].framework), QStringLiteral("hf-trainer"));
    QCOMPARE(log.iterations[1].iteration, std::int64_t(2));
    QVERIFY(std::abs(log.iterations[1].stepTimeMs - 2050.0) < 1e-6);
    QCOMPARE(log.iterations[1].loss, 2.3456);
    QCOMPARE(log.iterations[1].learningRate, 4.5e-5);
    QCOMPARE(log.iterations[2].iteration, std::int64_t(3));
    QVERIFY(std::abs(log.iterations[2].stepTimeMs - 1950.0) < 1e-6);
    for (const LogIterationRecord &record : log.iterations)
        QCOMPARE(record.rank, 0);
    // What the terminal showed is the event text: the dict, not the overwritten bars.
    QVERIFY(eventContaining(log, "{'loss': 2.3456"));
    QVERIFY(!eventContaining(log, "1/3 [00:02"));
    // "[INFO|trainer.py:1201] date >> msg": level tag and date removed.
    QCOMPARE(qs(log.events[0].text), QStringLiteral(">> ***** Running training *****"));
}

void LogIterationsTest::notProgressLines()
{
    const ParsedLog log = importText("  0%|          | 0/4 [00:00<?, ?it/s]\n"
                                     "setting training data start iteration to 0\n"
                                     "iteration count unknown | nothing: x\n"
                                     "{'eval_loss': 1.5, 'epoch': 1.0}\n"
                                     "steps: many\n");
    QCOMPARE(log.iterations.size(), std::size_t(0));
    QCOMPARE(log.events.size(), std::size_t(5));
}

QTEST_GUILESS_MAIN(LogIterationsTest)
#include "test_log_iterations.moc"
