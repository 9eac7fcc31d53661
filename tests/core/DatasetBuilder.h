#pragma once

#include "core/model/StackDataset.h"

#include <map>
#include <sstream>
#include <string>

// Builds a StackDataset from short literals, hotspot style: a stack is "a;b;c" (root first);
// a frame "f@file:12" carries a file and line.
class DatasetBuilder
{
public:
    explicit DatasetBuilder(int worldSize) { m_data.job.worldSize = worldSize; }

    DatasetBuilder &rank(int rank, const std::string &stack, int sampleIndex = 0,
                         bool mainThread = true, const std::string &thread = "MainThread",
                         const std::string &role = "trainer", std::uint64_t weight = 1)
    {
        rankscope::StackSample sample;
        sample.rank = rank;
        sample.sampleIndex = sampleIndex;
        sample.timeNs = (1'000 + sampleIndex * 3) * 1'000'000'000LL;
        sample.role = role;
        sample.isMainThread = mainThread;
        sample.threadName = thread;
        sample.stack = intern(stack);
        sample.weight = weight;
        m_data.samples.push_back(sample);
        return *this;
    }

    // Same stack in samples 0..count-1.
    DatasetBuilder &stuck(int rank, const std::string &stack, int count = 3)
    {
        for (int i = 0; i < count; ++i)
            this->rank(rank, stack, i);
        return *this;
    }

    DatasetBuilder &roleOf(int rank, const std::string &role)
    {
        if (static_cast<int>(m_data.job.ranks.size()) <= rank)
            m_data.job.ranks.resize(static_cast<std::size_t>(rank) + 1);
        m_data.job.ranks[static_cast<std::size_t>(rank)].rank = rank;
        m_data.job.ranks[static_cast<std::size_t>(rank)].role = role;
        return *this;
    }

    DatasetBuilder &nodeOf(int rank, const std::string &node)
    {
        if (static_cast<int>(m_data.job.ranks.size()) <= rank)
            m_data.job.ranks.resize(static_cast<std::size_t>(rank) + 1);
        rankscope::RankInfo &info = m_data.job.ranks[static_cast<std::size_t>(rank)];
        info.rank = rank;
        if (info.role.empty())
            info.role = "trainer";
        info.node = node;
        return *this;
    }

    const rankscope::StackDataset &data() const { return m_data; }

private:
    rankscope::StackId intern(const std::string &stack)
    {
        std::vector<rankscope::FrameId> ids;
        std::stringstream in(stack);
        std::string text;
        while (std::getline(in, text, ';')) {
            rankscope::Frame frame;
            const auto at = text.find('@');
            frame.function = text.substr(0, at);
            if (at != std::string::npos) {
                const std::string where = text.substr(at + 1);
                const auto colon = where.rfind(':');
                frame.file = where.substr(0, colon);
                if (colon != std::string::npos)
                    frame.line = std::stoi(where.substr(colon + 1));
            }
            auto [it, inserted] =
                m_frames.emplace(text, static_cast<rankscope::FrameId>(m_data.frames.size()));
            if (inserted)
                m_data.frames.push_back(frame);
            ids.push_back(it->second);
        }
        m_data.stacks.push_back(ids);
        return static_cast<rankscope::StackId>(m_data.stacks.size() - 1);
    }

    rankscope::StackDataset m_data;
    std::map<std::string, rankscope::FrameId> m_frames;
};
