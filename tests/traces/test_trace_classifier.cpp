// The event classifier (category + name -> kind) and the exact microsecond-to-nanosecond
// conversion of timestamps.

#include "core/model/TraceEventClassifier.h"
#include "importers/traces/TraceNumberText.h"

#include <QtTest>

using namespace rankscope;

class TraceClassifierTest : public QObject
{
    Q_OBJECT

private slots:
    void kernelsSplitIntoComputeAndCommunication();
    void cpuRanges();
    void gpuAndRuntimeCategories();
    void profilerSteps();
    void microsToNanos();
    void integers();
};

void TraceClassifierTest::kernelsSplitIntoComputeAndCommunication()
{
    const char *communication[] = {
        "ncclDevKernel_AllReduce_Sum_f32_RING_LL(ncclDevKernelArgsStorage<4096ul>)",
        "ncclKernel_SendRecv_RING_SIMPLE_Sum_int8_t(ncclDevComm*, unsigned long, ncclWork*)",
        "void ncclKernel_AllGather_RING_LL_Sum_int8_t(ncclWorkElem)",
        "rcclKernel_AllReduce",
        "mscclKernel_Sum_float_LL",
        "void vllm::cross_device_reduce_1stage<float, 8>(vllm::RankData*, ...)"};
    for (const char *name : communication) {
        QVERIFY2(classifyTraceEvent("kernel", name) == TraceEventKind::CommunicationKernel, name);
        QVERIFY2(isCommunicationKernelName(name), name);
    }
    const char *compute[] = {"ampere_sgemm_128x64_nn",
                             "void at::native::vectorized_elementwise_kernel<4>(int)",
                             "triton_poi_fused_add_0", "Kernel"};
    for (const char *name : compute)
        QVERIFY2(classifyTraceEvent("kernel", name) == TraceEventKind::ComputeKernel, name);
    // Older traces spell the category "Kernel".
    QCOMPARE(classifyTraceEvent("Kernel", "ncclAllReduce"), TraceEventKind::CommunicationKernel);
    QCOMPARE(classifyTraceEvent("mtia_ccp_events", "dma_request"), TraceEventKind::ComputeKernel);
    QVERIFY(isGpuWork(TraceEventKind::CommunicationKernel));
    QVERIFY(!isGpuWork(TraceEventKind::GpuUserAnnotation));
    QVERIFY(isCommunication(TraceEventKind::CpuCommunication));
    QVERIFY(!isCommunication(TraceEventKind::ComputeKernel));
}

void TraceClassifierTest::cpuRanges()
{
    QCOMPARE(classifyTraceEvent("cpu_op", "aten::mm"), TraceEventKind::CpuOp);
    QCOMPARE(classifyTraceEvent("cpu_op", "record_param_comms"), TraceEventKind::CpuCommunication);
    QCOMPARE(classifyTraceEvent("cpu_op", "c10d::allreduce_"), TraceEventKind::CpuCommunication);
    QCOMPARE(classifyTraceEvent("user_annotation", "nccl:all_reduce"),
             TraceEventKind::CpuCommunication);
    QCOMPARE(classifyTraceEvent("user_annotation", "gloo:broadcast"),
             TraceEventKind::CpuCommunication);
    QCOMPARE(classifyTraceEvent("user_annotation", "## forward ##"),
             TraceEventKind::UserAnnotation);
    QCOMPARE(classifyTraceEvent("python_function", "train.py(10): main"),
             TraceEventKind::PythonFunction);
    // A name alone never makes a kind: the category decides.
    QCOMPARE(classifyTraceEvent("", "ncclDevKernel_AllReduce"), TraceEventKind::Other);
    QCOMPARE(classifyTraceEvent("Trace", "PyTorch Profiler (0)"), TraceEventKind::Other);
    QCOMPARE(classifyTraceEvent("overhead", "Activity Buffer Request"), TraceEventKind::Other);
}

void TraceClassifierTest::gpuAndRuntimeCategories()
{
    QCOMPARE(classifyTraceEvent("gpu_memcpy", "Memcpy DtoH"), TraceEventKind::Memcpy);
    QCOMPARE(classifyTraceEvent("gpu_memset", "Memset (Device)"), TraceEventKind::Memset);
    QCOMPARE(classifyTraceEvent("gpu_user_annotation", "ProfilerStep#3"),
             TraceEventKind::GpuUserAnnotation);
    QCOMPARE(classifyTraceEvent("cuda_runtime", "cudaLaunchKernel"), TraceEventKind::Runtime);
    QCOMPARE(classifyTraceEvent("cuda_driver", "cuLaunchKernel"), TraceEventKind::Runtime);
    QCOMPARE(classifyTraceEvent("Runtime", "cudaLaunchKernel"), TraceEventKind::Runtime);
    QCOMPARE(classifyTraceEvent("mtia_runtime", "runFunction"), TraceEventKind::Runtime);
    QCOMPARE(classifyTraceEvent("cuda_sync", "Stream Sync"), TraceEventKind::Synchronization);
    QCOMPARE(QString::fromUtf8(traceEventKindName(TraceEventKind::CommunicationKernel)),
             QStringLiteral("communication-kernel"));
}

void TraceClassifierTest::profilerSteps()
{
    QCOMPARE(profilerStepNumber("ProfilerStep#12"), 12);
    QCOMPARE(profilerStepNumber("ProfilerStep#0"), 0);
    QCOMPARE(profilerStepNumber("ProfilerStep#"), -1);
    QCOMPARE(profilerStepNumber("ProfilerStep#1a"), -1);
    QCOMPARE(profilerStepNumber("MyProfilerStep#1"), -1);
    QCOMPARE(classifyTraceEvent("user_annotation", "ProfilerStep#7"),
             TraceEventKind::IterationMarker);
    QCOMPARE(classifyTraceEvent("cpu_op", "ProfilerStep#7"), TraceEventKind::IterationMarker);
}

void TraceClassifierTest::microsToNanos()
{
    QCOMPARE(microsTextToNanos("1712195495519689.047").value(), 1712195495519689047);
    QCOMPARE(microsTextToNanos("12").value(), 12000);
    QCOMPARE(microsTextToNanos(" 12.5 ").value(), 12500);
    QCOMPARE(microsTextToNanos("0.0004").value(), 0);
    QCOMPARE(microsTextToNanos("0.0005").value(), 1);
    QCOMPARE(microsTextToNanos("-3.25").value(), -3250);
    QCOMPARE(microsTextToNanos("1.5e3").value(), 1500000);
    QCOMPARE(microsTextToNanos("2E-3").value(), 2);
    QVERIFY(!microsTextToNanos(""));
    QVERIFY(!microsTextToNanos("abc"));
    QVERIFY(!microsTextToNanos("1."));
    QVERIFY(!microsTextToNanos("1.2.3"));
    QVERIFY(!microsTextToNanos("1e30"));
    QVERIFY(!microsTextToNanos("99999999999999999999")); // beyond int64 nanoseconds
    QCOMPARE(microsTextToNanos("9223372036854775").value(), 9223372036854775000);
}

void TraceClassifierTest::integers()
{
    QCOMPARE(integerText("7").value(), 7);
    QCOMPARE(integerText("-1").value(), -1);
    QCOMPARE(integerText(" 42 ").value(), 42);
    QVERIFY(!integerText("1.5"));
    QVERIFY(!integerText("0x1f"));
    QVERIFY(!integerText("Spans"));
    QVERIFY(!integerText("99999999999999999999"));
}

QTEST_GUILESS_MAIN(TraceClassifierTest)
#include "test_trace_classifier.moc"
