// Where real jobs wait (issue 10, point 15): one hand-written py-spy dump per library in
// tests/fixtures/stacks/waits (README there names the public source of each form). Each is
// parsed like an imported file and its main thread classified: the class and the operation the
// waiter/blocker rule groups ranks by.
#include "StackTestSupport.h"
#include "core/stacks/StackClass.h"

#include <QtTest>

using namespace rankscope;
using namespace rankscope_test;

namespace {

StackClassification classifyMainThread(const QString &fixture)
{
    const ParsedStacks parsed =
        parsePySpyText(readStackFixture(QStringLiteral("waits/") + fixture));
    if (parsed.processes.empty() || parsed.processes.front().threads.empty())
        return {};
    std::vector<const Frame *> frames;
    for (const Frame &frame : parsed.processes.front().threads.front().frames)
        frames.push_back(&frame);
    return classifyStack(frames);
}

Frame native(const char *function)
{
    return Frame{function, "", 0, "libtorch_cuda.so", FrameKind::Native};
}

} // namespace

class TestWaitPaths : public QObject
{
    Q_OBJECT
private slots:
    void eachLibrarysWaitIsRecognised_data()
    {
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<QString>("cls");
        QTest::addColumn<QString>("operation");
        const auto row = [](const char *file, const char *cls, const char *operation) {
            QTest::newRow(file) << QString::fromLatin1(file) << QString::fromLatin1(cls)
                                << QString::fromLatin1(operation);
        };
        row("torch-barrier-native.txt", "collective-wait", "barrier");
        row("torch-batch-isend-irecv.txt", "p2p-wait", "batch_isend_irecv");
        row("torch-work-wait-native.txt", "collective-wait", "work.wait");
        row("torch-allreduce-in-nccl.txt", "collective-wait", "all_reduce");
        row("deepspeed-zero3-fetch.txt", "collective-wait", "all_gather_coalesced");
        row("deepspeed-zero3-handle-wait.txt", "collective-wait", "all_gather_coalesced");
        row("deepspeed-comm-allreduce.txt", "collective-wait", "all_reduce");
        row("megatron-p2p.txt", "p2p-wait", "send_forward_recv_backward");
        row("megatron-grad-sync.txt", "collective-wait", "finish_grad_sync");
        row("fsdp2-all-gather.txt", "collective-wait", "all_gather_into_tensor");
        row("fsdp1-flat-param.txt", "collective-wait", "_all_gather_flat_param");
        row("gloo-allreduce-native.txt", "collective-wait", "all_reduce");
        row("cuda-sync-item.txt", "cuda-sync", "cudaStreamSynchronize");
    }

    void eachLibrarysWaitIsRecognised()
    {
        QFETCH(QString, fixture);
        QFETCH(QString, cls);
        QFETCH(QString, operation);
        const StackClassification c = classifyMainThread(fixture);
        QCOMPARE(QString::fromLatin1(stackClassName(c.cls)), cls);
        QCOMPARE(qs(c.operation), operation);
    }

    void everyTorchCollectiveCounts()
    {
        // torch.distributed's own names, as distributed_c10d.py defines them.
        for (const char *op : {"all_reduce", "all_reduce_coalesced", "all_gather",
                               "all_gather_coalesced", "all_gather_into_tensor", "_all_gather_base",
                               "reduce_scatter", "reduce_scatter_tensor", "_reduce_scatter_base",
                               "all_to_all", "all_to_all_single", "broadcast", "barrier",
                               "monitored_barrier", "gather_object", "broadcast_object_list"}) {
            const Frame frame{op, "torch/distributed/distributed_c10d.py", 100};
            const StackClassification c = classifyStack({&frame});
            QVERIFY2(c.cls == StackClass::CollectiveWait && c.operation == op, op);
        }
        for (const char *op : {"send", "recv", "isend", "irecv", "batch_isend_irecv"}) {
            const Frame frame{op, "torch/distributed/distributed_c10d.py", 100};
            const StackClassification c = classifyStack({&frame});
            QVERIFY2(c.cls == StackClass::P2PWait && c.operation == op, op);
        }
    }

    void nativeNamesGiveTheCollective()
    {
        // py-spy --native, the Python frame above being the user's own code.
        const Frame user{"step", "train.py", 10};
        const Frame launch = native("c10d::ProcessGroupNCCL::_allgather_base(at::Tensor&, "
                                    "at::Tensor&, c10d::AllgatherOptions const&)");
        StackClassification c = classifyStack({&user, &launch});
        QCOMPARE(c.operation, std::string("_all_gather_base"));
        const Frame reduceScatter = native("ncclReduceScatter");
        c = classifyStack({&user, &reduceScatter});
        QCOMPARE(c.operation, std::string("reduce_scatter"));
        const Frame send = native("ncclSend");
        QCOMPARE(classifyStack({&user, &send}).cls, StackClass::P2PWait);
        const Frame init = native("ncclCommInitRankConfig");
        c = classifyStack({&user, &init});
        QCOMPARE(c.cls, StackClass::CollectiveWait);
        QCOMPARE(c.operation, std::string("ncclCommInitRank"));
        // The watchdog thread's loop is no collective wait.
        const Frame watchdog = native("c10d::ProcessGroupNCCL::watchdogHandler()");
        QVERIFY(classifyStack({&watchdog}).cls != StackClass::CollectiveWait);
    }

    void foldedFramesKeepTheirLabels()
    {
        // Folded stacks keep "func (file:line)" verbatim: the collective is still seen.
        Frame folded{"all_reduce (torch/distributed/distributed_c10d.py:2050)", "", 0, "",
                     FrameKind::Unknown};
        const StackClassification c = classifyStack({&folded});
        QCOMPARE(c.cls, StackClass::CollectiveWait);
        QCOMPARE(c.operation, std::string("all_reduce"));
    }
};

QTEST_APPLESS_MAIN(TestWaitPaths)
#include "test_wait_paths.moc"
